// Clip.cpp — ax_clip (CClipper.h) on ClipperLib::Clipper: copy the polygon sets in, execute one
// boolean operation with the two fill rules, copy the solution out. Exceptions (allocation,
// Clipper's range check) become return codes.
#include "CClipper.h"

#include <polyclipping/clipper.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>

namespace {

ClipperLib::Paths toPaths(const int64_t *xy, const size_t *counts, size_t polygons) {
    ClipperLib::Paths paths;
    paths.reserve(polygons);
    size_t k = 0;
    for (size_t i = 0; i < polygons; ++i) {
        ClipperLib::Path path;
        path.reserve(counts[i]);
        for (size_t j = 0; j < counts[i]; ++j, ++k) {
            path.push_back(ClipperLib::IntPoint(xy[2 * k], xy[2 * k + 1]));
        }
        paths.push_back(std::move(path));
    }
    return paths;
}

ClipperLib::PolyFillType fillType(int fill) {
    return fill == AX_FILL_NON_ZERO ? ClipperLib::pftNonZero : ClipperLib::pftEvenOdd;
}

void report(char *error, size_t size, const char *message) {
    if (error && size > 0) std::snprintf(error, size, "%s", message);
}

}  // namespace

extern "C" int ax_clip(int operation,
                       const int64_t *subjectXY, const size_t *subjectCounts, size_t subjectPolygons, int subjectFill,
                       const int64_t *clipXY, const size_t *clipCounts, size_t clipPolygons, int clipFill,
                       AXPolygons *out, char *error, size_t errorSize) {
    out->xy = nullptr;
    out->counts = nullptr;
    out->pointCount = 0;
    out->polygonCount = 0;
    if (operation < AX_OP_INTERSECTION || operation > AX_OP_XOR) {
        report(error, errorSize, "unknown operation");
        return -1;
    }
    try {
        ClipperLib::Clipper clipper;
        // Closed polygons only; degenerate ones (fewer than 3 distinct points) Clipper drops.
        bool anyEdges = clipper.AddPaths(toPaths(subjectXY, subjectCounts, subjectPolygons), ClipperLib::ptSubject, true);
        anyEdges = clipper.AddPaths(toPaths(clipXY, clipCounts, clipPolygons), ClipperLib::ptClip, true) || anyEdges;
        // Nothing left to sweep (Execute reports that as a failure): the result is empty.
        if (!anyEdges) return 0;
        ClipperLib::Paths solution;
        if (!clipper.Execute(static_cast<ClipperLib::ClipType>(operation), solution,
                             fillType(subjectFill), fillType(clipFill))) {
            report(error, errorSize, "Clipper could not execute the operation");
            return -1;
        }
        size_t points = 0;
        for (const auto &path : solution) points += path.size();
        out->xy = static_cast<int64_t *>(std::malloc(sizeof(int64_t) * 2 * (points ? points : 1)));
        out->counts = static_cast<size_t *>(std::malloc(sizeof(size_t) * (solution.empty() ? 1 : solution.size())));
        if (!out->xy || !out->counts) {
            ax_polygons_free(out);
            report(error, errorSize, "out of memory");
            return -1;
        }
        size_t k = 0;
        for (size_t i = 0; i < solution.size(); ++i) {
            out->counts[i] = solution[i].size();
            for (const auto &p : solution[i]) {
                out->xy[2 * k] = p.X;
                out->xy[2 * k + 1] = p.Y;
                ++k;
            }
        }
        out->pointCount = points;
        out->polygonCount = solution.size();
        return 0;
    } catch (const std::exception &e) {
        ax_polygons_free(out);
        report(error, errorSize, e.what());
        return -1;
    } catch (...) {
        ax_polygons_free(out);
        report(error, errorSize, "unknown Clipper failure");
        return -1;
    }
}

extern "C" void ax_polygons_free(AXPolygons *polygons) {
    std::free(polygons->xy);
    std::free(polygons->counts);
    polygons->xy = nullptr;
    polygons->counts = nullptr;
    polygons->pointCount = 0;
    polygons->polygonCount = 0;
}
