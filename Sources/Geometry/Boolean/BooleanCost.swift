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
// per edge (values ranked by a radix sort: O(E) a pass, fast in debug builds too). The estimate E + S + P is what `PolygonLimits.maximumCost` caps; a self-crossing
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
        let heights = sortedUnique(y0 + y1)
        let r0 = y0.map { rank($0, in: heights) }, r1 = y1.map { rank($0, in: heights) }
        var total = n
        for i in 0..<n {
            total += r1[i] - r0[i]   // scanbeams the edge spans
            if total > limit { return total }
        }
        // Events (x, 0 = enter | 1 = leave, edge) as one integer key, x by its rank: sorted,
        // entering comes before leaving at equal x.
        let xs = sortedUnique(x0 + x1)
        var events: [UInt64] = []
        events.reserveCapacity(2 * n)
        for i in 0..<n {
            events.append(UInt64(rank(x0[i], in: xs)) << 33 | UInt64(i))
            events.append(UInt64(rank(x1[i], in: xs)) << 33 | 1 << 32 | UInt64(i))
        }
        radixSort(&events)
        var byTop = Fenwick(size: heights.count), byBottom = Fenwick(size: heights.count)
        var active = 0
        for event in events {
            let i = Int(event & 0xffff_ffff)
            if event & (1 << 32) == 0 {
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

/// `value` as an unsigned key with the same order.
private func orderKey(_ value: Int64) -> UInt64 { UInt64(bitPattern: value) ^ (1 << 63) }

/// The distinct values, as ascending order keys.
private func sortedUnique(_ values: [Int64]) -> [UInt64] {
    var keys = values.map(orderKey)
    radixSort(&keys)
    var unique = 0
    for k in keys.indices where k == 0 || keys[k] != keys[unique - 1] {
        keys[unique] = keys[k]
        unique += 1
    }
    keys.removeLast(keys.count - unique)
    return keys
}

/// The index of `value` among `sorted` order keys (present by construction).
private func rank(_ value: Int64, in sorted: [UInt64]) -> Int {
    let key = orderKey(value)
    var lo = 0, hi = sorted.count - 1
    while lo < hi {
        let mid = (lo + hi) / 2
        if sorted[mid] < key { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// Sorts `keys` ascending: a least-significant-byte radix sort that skips the bytes every key
/// shares — O(n) a pass and no comparison closure (the generic sort through a closure, which a
/// debug build runs unspecialised, made this estimate take seconds there for a merge of a
/// thousand operands, each step costed).
func radixSort(_ keys: inout [UInt64]) {
    let n = keys.count
    guard n > 1 else { return }
    var any: UInt64 = 0, all = UInt64.max
    for k in keys { any |= k; all &= k }
    let varying = any ^ all
    var scratch = [UInt64](repeating: 0, count: n)
    var counts = [Int](repeating: 0, count: 256)
    keys.withUnsafeMutableBufferPointer { a in
        scratch.withUnsafeMutableBufferPointer { b in
            counts.withUnsafeMutableBufferPointer { c in
                var (source, target) = (a, b)
                for shift in stride(from: UInt64(0), to: 64, by: 8) where (varying >> shift) & 0xff != 0 {
                    for d in 0..<256 { c[d] = 0 }
                    for i in 0..<n { c[Int((source[i] >> shift) & 0xff)] += 1 }
                    var start = 0
                    for d in 0..<256 { (c[d], start) = (start, start + c[d]) }
                    for i in 0..<n {
                        let d = Int((source[i] >> shift) & 0xff)
                        target[c[d]] = source[i]
                        c[d] += 1
                    }
                    swap(&source, &target)
                }
                if source.baseAddress != a.baseAddress {
                    for i in 0..<n { a[i] = source[i] }
                }
            }
        }
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
