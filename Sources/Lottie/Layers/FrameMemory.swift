// FrameMemory.swift — the memory one frame's display list needs, estimated from the model before
// anything is built or drawn (checked by PrecompGraph, capped by LottieLimits.maxFrameMemory).
//
// A style (fill, stroke) draws ONE compound path of every path before it, groups' and repeater
// copies' included (Build/ShapeEmitter.swift), so a list of n paths followed by n fills holds n²
// paths' vertices in the display list although its work (items + vertices) is only ~6n. Walking a
// shape list bottom item first with running totals
//     p = vertices of the compound path so far,  n = display-list nodes,  v = vertices drawn,
//   path / rectangle / ellipse / star s:   p += |s| (its vertices; 4 for a rectangle or ellipse,
//                                          2 · points for a star, points for a polygon)
//   group g (its own totals p_g, n_g, v_g): p += p_g;  n += 1 + n_g;  v += v_g
//   fill / stroke / gradient:              n += 1;    v += p
//   rounded corners:                       p *= 2     (a corner becomes two curve ends)
//   repeater of c copies (its most):       p *= c;    n = c · (1 + n);  v = c · v
// (merge paths and trims keep p: a merge's output is bounded by the boolean caps, a trim shortens)
// and a text layer as 1 node and 32 vertices per character of its longest document. The frame's
// estimate sums over the layers, precompositions expanded:
//     bytes = B_node · n + B_vertex · v,   B_node = 1 KiB, B_vertex = 170 B,
// measured with a release build (`/usr/bin/time -v`, docs/work-bounds.md): 99 856 repeater copies
// of a rectangle (2 nodes, 4 vertices each) take 242 MB over the process's base (estimate
// 273 MB); 1 000 fills of 1 000 rectangles (4 000 000 vertices drawn) 665 MB (estimate 681 MB).
// What a node and a vertex cost there: the path's points and elements in the list, the flattened
// copy and edges the rasterizer builds, the coverage recording kept per shape index (Render).

public enum FrameMemory {
    static let bytesPerNode = 1024.0
    static let bytesPerVertex = 170.0

    /// Display-list totals of a shape list (see the header).
    struct Drawn {
        var path = 0.0
        var nodes = 0.0
        var vertices = 0.0

        var bytes: Double { FrameMemory.bytesPerNode * nodes + FrameMemory.bytesPerVertex * vertices }
    }

    static func drawn(_ items: [ShapeItem]) -> Drawn {
        var d = Drawn()
        for item in items {
            switch item {
            case .path(let p): d.path += Double(p.shape.vertexCount)
            case .rectangle, .ellipse: d.path += 4
            case .polystar(let s):
                d.path += max(largestValue(s.points, otherwise: 0), 0) * (s.kind == .star ? 2 : 1)
            case .group(let g):
                let inner = drawn(g.items)
                d.path += inner.path
                d.nodes += 1 + inner.nodes
                d.vertices += inner.vertices
            case .fill, .stroke, .gradientFill, .gradientStroke:
                d.nodes += 1
                d.vertices += d.path
            case .roundedCorners:
                d.path *= 2
            case .repeater(let r):
                let c = max(largestValue(r.copies, otherwise: 1).rounded(.up), 1)
                d.path *= c
                d.nodes = c * (1 + d.nodes)
                d.vertices *= c
            case .trim, .merge, .unsupported:
                break
            }
        }
        return d
    }

    /// The estimated bytes a layer's own content holds in one frame's display list (a
    /// precomposition's are its composition's, added by PrecompGraph).
    static func bytes(_ layer: LottieLayer) -> Double {
        switch layer.content {
        case .shapes(let items): return drawn(items).bytes + bytesPerNode
        case .text(let text):
            let characters = text.frameWork / 32
            return bytesPerNode * (1 + characters) + bytesPerVertex * 32 * characters
        default: return bytesPerNode
        }
    }

    /// "2.7 GB", "273 MB", "12 KB" (decimal units, as `/usr/bin/time` and the docs show them).
    public static func describe(_ bytes: Double) -> String {
        if bytes >= 1e9 {
            let tenths = Int((bytes / 1e8).rounded())
            return "\(tenths / 10).\(tenths % 10) GB"
        }
        if bytes >= 1e6 { return "\(Int((bytes / 1e6).rounded())) MB" }
        return "\(Int((bytes / 1e3).rounded(.up))) KB"
    }
}
