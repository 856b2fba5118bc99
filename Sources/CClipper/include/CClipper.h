// CClipper.h — a C API over Angus Johnson's Clipper 6.4.2 (Debian's libpolyclipping), for
// Geometry's boolean operations (Geometry/Boolean/…). Only what Geometry needs: one boolean
// operation of two polygon sets with their fill rules, on integer coordinates.
//
// Coordinates are int64 and must satisfy |x|, |y| ≤ AX_CLIPPER_MAX_COORDINATE (Clipper's
// "loRange", 2^30 − 1, where its 64-bit products cannot overflow; Geometry scales into it). No
// C++ exception crosses this API: every failure is a return code and a message.
#ifndef CCLIPPER_H
#define CCLIPPER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AX_CLIPPER_MAX_COORDINATE 0x3FFFFFFF

/// Fill rules (Clipper's pftEvenOdd, pftNonZero).
enum { AX_FILL_EVEN_ODD = 0, AX_FILL_NON_ZERO = 1 };
/// Operations (Clipper's ctIntersection, ctUnion, ctDifference, ctXor).
enum { AX_OP_INTERSECTION = 0, AX_OP_UNION = 1, AX_OP_DIFFERENCE = 2, AX_OP_XOR = 3 };

/// Polygons: polygon i has counts[i] points; xy holds all points as x0, y0, x1, y1, …
typedef struct AXPolygons {
    int64_t *xy;
    size_t *counts;
    size_t pointCount;
    size_t polygonCount;
} AXPolygons;

/// subject OP clip, each set filled with its own rule. On success returns 0 and fills `out`
/// (release it with ax_polygons_free): non-overlapping simple polygons, outer boundaries with
/// positive signed area (Clipper's Orientation true), holes negative, so that filling with
/// either rule shows exactly the result. On failure returns −1, writes a message to `error`
/// (at most errorSize bytes, NUL-terminated) and leaves `out` empty.
int ax_clip(int operation,
            const int64_t *subjectXY, const size_t *subjectCounts, size_t subjectPolygons, int subjectFill,
            const int64_t *clipXY, const size_t *clipCounts, size_t clipPolygons, int clipFill,
            AXPolygons *out, char *error, size_t errorSize);

/// Releases what ax_clip allocated in `polygons` and empties it.
void ax_polygons_free(AXPolygons *polygons);

#ifdef __cplusplus
}
#endif

#endif
