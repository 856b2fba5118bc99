// BooleanCost.swift — an upper bound on what one call of the polygon library will do, computed
// before the call, so that one hostile path cannot make a boolean operation run for an hour.
//
// Clipper's sweep (Vatti's algorithm, docs/geometry.md §2) walks the scanbeams — the horizontal
// strips between consecutive vertex heights — and in each one visits every active edge, then
// processes every crossing of two edges inside the strip (each crossing is sorted into the
// active edge list, becomes an output vertex and splits the beam). Its work is therefore about
//
//     E + S + K     E = edges,  S = Σ over edges of the scanbeams it spans
//                   (the vertex heights y with y_min ≤ y < y_max of the edge),
//                   K = crossings of two edges.
//
// K is only known once the sweep is done, but every crossing needs two edges whose bounding
// boxes overlap, so K ≤ P = the pairs of edges with overlapping bounding boxes (closed boxes:
// neighbours sharing a vertex count, so P ≥ E for a closed polygon). P is counted exactly in
// O(E log E) by a sweep over x (boxes enter at x_min, leave after x_max) with two Fenwick trees
// over the ranks of the y values: a box entering overlaps every active box except those wholly
// below it (y_max′ < y_min) and those wholly above (y_min′ > y_max). S is a difference of ranks
// per edge. The estimate E + S + P is what `PolygonLimits.maximumCost` caps; a self-crossing
// path of n random vertices has K ≈ 0.2·n² (the 2 000-vertex path: ~10⁶ crossings,
// 1.4 s), while Lottie shapes (ellipses, rectangles, outlines) have P ≈ 2E.
// Sources: Vatti, "A generic solution to polygon clipping", CACM 35(7), 1992; Fenwick, "A new
// data structure for cumulative frequency tables", 1994.

/// An upper bound on the sweep work of one boolean operation (see the file header).
enum BooleanCost {
    /// E + S + P for `subject` and `clip` together, or a number above `limit` as soon as the
    /// count passes it (the exact figure is then not needed).
    static func estimate(_ subject: IntegerPolygons, _ clip: IntegerPolygons, limit: Int) -> Int {
        let e = subject.vertexCount + clip.vertexCount
        // S ≤ E², P ≤ E²/2: small inputs cannot reach the cap; skip the count.
        if e < 1 << 20, e + e * e + e * e / 2 <= limit { return e }
        var boxes = EdgeBoxes(capacity: e)
        boxes.add(subject)
        boxes.add(clip)
        return boxes.cost(limit: limit)
    }
}

/// The edges' bounding boxes, y values replaced by their ranks among all vertex heights.
private struct EdgeBoxes {
    var x0: [Int64] = [], x1: [Int64] = [], y0: [Int64] = [], y1: [Int64] = []

    init(capacity: Int) {
        x0.reserveCapacity(capacity); x1.reserveCapacity(capacity)
        y0.reserveCapacity(capacity); y1.reserveCapacity(capacity)
    }

    mutating func add(_ polygons: IntegerPolygons) {
        var k = 0
        for count in polygons.counts {
            for j in 0..<count {
                let a = k + j, b = k + (j + 1) % count
                let ax = polygons.xy[2 * a], ay = polygons.xy[2 * a + 1]
                let bx = polygons.xy[2 * b], by = polygons.xy[2 * b + 1]
                x0.append(min(ax, bx)); x1.append(max(ax, bx))
                y0.append(min(ay, by)); y1.append(max(ay, by))
            }
            k += count
        }
    }

    func cost(limit: Int) -> Int {
        let n = x0.count
        var heights = Array(Set(y0 + y1))
        heights.sort()
        func rank(_ y: Int64) -> Int {   // index of y in `heights` (present by construction)
            var lo = 0, hi = heights.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if heights[mid] < y { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let r0 = y0.map(rank), r1 = y1.map(rank)
        var total = n
        for i in 0..<n {
            total += r1[i] - r0[i]   // scanbeams the edge spans
            if total > limit { return total }
        }
        // Events: (x, 0 = enter | 1 = leave, edge); entering sorts before leaving at equal x.
        var events: [(x: Int64, kind: Int, edge: Int)] = []
        events.reserveCapacity(2 * n)
        for i in 0..<n {
            events.append((x0[i], 0, i))
            events.append((x1[i], 1, i))
        }
        events.sort { $0.x != $1.x ? $0.x < $1.x : $0.kind < $1.kind }
        var byTop = Fenwick(size: heights.count), byBottom = Fenwick(size: heights.count)
        var active = 0
        for event in events {
            let i = event.edge
            if event.kind == 0 {
                let below = r0[i] > 0 ? byTop.prefix(r0[i] - 1) : 0          // y_max′ < y_min
                let above = active - byBottom.prefix(r1[i])                  // y_min′ > y_max
                total += active - below - above
                if total > limit { return total }
                byTop.add(r1[i], 1); byBottom.add(r0[i], 1)
                active += 1
            } else {
                byTop.add(r1[i], -1); byBottom.add(r0[i], -1)
                active -= 1
            }
        }
        return total
    }
}

/// Prefix sums over 0 ..< size with point updates, O(log size) each.
private struct Fenwick {
    var tree: [Int]

    init(size: Int) { tree = Array(repeating: 0, count: size + 1) }

    mutating func add(_ index: Int, _ delta: Int) {
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// Σ of the entries 0 … index.
    func prefix(_ index: Int) -> Int {
        var i = index + 1, sum = 0
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }
}

/// What the boolean operations of one frame may spend together (a shared, resettable
/// allowance: `PolygonLimits.maximumFrameCost`); each operation's cost is taken from it before
/// the operation runs.
public final class BooleanBudget: @unchecked Sendable {
    public let limit: Int
    public private(set) var spent = 0

    public init(limit: Int = PolygonLimits.maximumFrameCost) { self.limit = limit }

    /// Starts a new frame.
    public func reset() { spent = 0 }

    /// Takes `cost`, or throws without taking it when it does not fit.
    func charge(_ cost: Int) throws(GeometryError) {
        guard cost <= limit - spent else { throw .tooExpensive(cost: spent + cost, limit: limit) }
        spent += cost
    }
}
