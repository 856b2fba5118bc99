// Keyframed numbers with per-dimension easing (Lottie "keyframes", spec properties.md)
//
// Keyframes k_0 … k_{n−1} at frames t_0 ≤ … ≤ t_{n−1}, each value a vector of D numbers.
// Segment i runs from k_i to k_{i+1}: from S_i to E_i = S_{i+1}, where S_i is k_i.s or, in
// files older than Bodymovin 5.5 (which give each keyframe an end value `e` and the last
// keyframe only a time), k_{i−1}.e — lottie-web's `nextKeyData.s || keyData.e`.
// At frame f (located by Motion's KeyframeTimes):
//
//   f < t_0                  →  S_0
//   t_i ≤ f < t_{i+1}:
//     hold (k_i.h = 1)       →  S_i
//     otherwise, per dimension d:
//       u   = (f − t_i)/(t_{i+1} − t_i)
//       v_d = S_i,d + (E_i,d − S_i,d) · B_{i,d}(u)
//   f ≥ t_{n−1}              →  S_{n−1}
//
// B_{i,d} is the cubic-Bézier easing (Motion's TimingCurve) with control points
// (o.x, o.y) and (i.x, i.y) of k_i, each taken at index d or, when that array is shorter,
// at index 0 (as lottie-web reads them). x is clamped to [0, 1] by the decoder (spec: "x values
// are clamped"); y is free, so values may overshoot. Tracks with one easing for all
// dimensions (shape paths, gradients in practice) store one curve per segment.
//
// Evaluation reads flat arrays and allocates nothing.

import Motion

/// A keyframed vector of `dimensions` numbers.
public struct KeyframeTrack: Sendable {
    public let dimensions: Int
    public let times: KeyframeTimes
    /// S_i, n × D (E_i = S_{i+1}).
    let starts: [Double]
    /// k_i.h, n − 1.
    let holds: [Bool]
    /// Easing curves, segment i's at curveOffsets[i] ..< curveOffsets[i + 1] (at least one
    /// per segment unless the segment holds).
    let curves: [TimingCurve]
    let curveOffsets: [Int32]

    init(dimensions: Int, times: KeyframeTimes, starts: [Double], holds: [Bool],
         curves: [TimingCurve], curveOffsets: [Int32]) {
        precondition(starts.count == times.count * dimensions)
        precondition(holds.count == times.count - 1 && curveOffsets.count == times.count)
        self.dimensions = dimensions
        self.times = times
        self.starts = starts
        self.holds = holds
        self.curves = curves
        self.curveOffsets = curveOffsets
    }

    public var keyframeCount: Int { times.count }

    /// Whether any segment holds (for the feature inventory).
    public var hasHoldKeyframes: Bool { holds.contains(true) }

    /// Component `d` at frame `f`.

    public func value(at f: Double, dimension d: Int) -> Double {
        switch times.locate(f) {
        case .before: return starts[d]
        case .after: return finalValue(d)
        case let .inside(i, u): return segmentValue(i, u, d)
        }
    }

    /// All components at frame `f`, written to `out` (which must hold `dimensions` numbers).
    public func evaluate(at f: Double, into out: UnsafeMutableBufferPointer<Double>) {
        precondition(out.count >= dimensions)
        switch times.locate(f) {
        case .before:
            for d in 0..<dimensions { out[d] = starts[d] }
        case .after:
            for d in 0..<dimensions { out[d] = finalValue(d) }
        case let .inside(i, u):
            let base = i * dimensions, next = base + dimensions
            if holds[i] {
                for d in 0..<dimensions { out[d] = starts[base + d] }
                return
            }
            let first = Int(curveOffsets[i]), count = Int(curveOffsets[i + 1]) - first
            if count == 1 {
                let e = curves[first](u)
                for d in 0..<dimensions { out[d] = starts[base + d] + (starts[next + d] - starts[base + d]) * e }
            } else {
                for d in 0..<dimensions {
                    let e = curves[first + min(d, count - 1)](u)
                    out[d] = starts[base + d] + (starts[next + d] - starts[base + d]) * e
                }
            }
        }
    }

    /// The eased progress of dimension 0 in segment `i` at linear progress `u` (1 while holding:
    /// the segment's start value then applies, which callers handle).

    func easedProgress(segment i: Int, _ u: Double, dimension d: Int = 0) -> Double {
        let first = Int(curveOffsets[i]), count = Int(curveOffsets[i + 1]) - first
        if count <= 0 { return 0 }
        return curves[first + min(d, count - 1)](u)
    }

    func segmentValue(_ i: Int, _ u: Double, _ d: Int) -> Double {
        let k = i * dimensions + d
        if holds[i] { return starts[k] }
        return starts[k] + (starts[k + dimensions] - starts[k]) * easedProgress(segment: i, u, dimension: d)
    }

    func finalValue(_ d: Int) -> Double {
        starts[(times.count - 1) * dimensions + d]
    }

    /// The largest and smallest keyframe value of component `d` (for caps checked at decode time).
    func keyframeRange(dimension d: Int) -> ClosedRange<Double> {
        var lo = starts[d], hi = starts[d]
        for i in 0..<times.count { lo = min(lo, starts[i * dimensions + d]); hi = max(hi, starts[i * dimensions + d]) }
        return lo...hi
    }

    /// Every value component `d` takes at any frame, easing overshoot included: segment i spans
    /// S + (E − S)·[e_min, e_max] with [e_min, e_max] its easing's progress range
    /// (TimingCurve.progressRange). Counts (repeater copies, star points) are capped on this
    /// range at decode time, so an easing handle of y = 10⁶ cannot ask for 10⁶ times more.
    func valueRange(dimension d: Int) -> ClosedRange<Double> {
        var range = keyframeRange(dimension: d)
        for i in 0..<(times.count - 1) where !holds[i] {
            let first = Int(curveOffsets[i]), count = Int(curveOffsets[i + 1]) - first
            guard count > 0 else { continue }
            let e = curves[first + min(d, count - 1)].progressRange
            let s = starts[i * dimensions + d], delta = starts[(i + 1) * dimensions + d] - s
            let a = s + delta * e.lowerBound, b = s + delta * e.upperBound
            range = min(range.lowerBound, a, b)...max(range.upperBound, a, b)
        }
        return range
    }
}

extension TimingCurve {
    /// The smallest and largest eased progress B(u) over u ∈ [0, 1]. With x1, x2 ∈ [0, 1] the
    /// curve's parameter s covers [0, 1] as u does, so this is the range of
    /// y(s) = 3(1 − s)²s·y1 + 3(1 − s)s²·y2 + s³: its ends 0 and 1 and the roots in (0, 1) of
    /// y′(s)/3 = A s² + B s + C, A = 3y1 − 3y2 + 1, B = 2(y2 − 2y1), C = y1.
    var progressRange: ClosedRange<Double> {
        var lo = 0.0, hi = 1.0
        func take(_ s: Double) {
            guard s > 0, s < 1 else { return }
            let t = 1 - s
            let y = 3 * t * t * s * y1 + 3 * t * s * s * y2 + s * s * s
            lo = Swift.min(lo, y); hi = Swift.max(hi, y)
        }
        let a = 3 * y1 - 3 * y2 + 1, b = 2 * (y2 - 2 * y1), c = y1
        if abs(a) < 1e-12 {
            if b != 0 { take(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let r = disc.squareRoot()
                take((-b + r) / (2 * a)); take((-b - r) / (2 * a))
            }
        }
        return lo...hi
    }
}
