// PULSE seamless loops (docs/ANIMATIONS.md §1.5, §3.3).
//
// A layer (t0, D, N) draws nothing before t0 and from t0 + N·D on; in between it is periodic
// with period D (u = frac((t − t0)/D)). So the layers' start and end times cut the time axis
// into windows in each of which a fixed set of layers runs. In such a window the scene is
// periodic with period P = LCM of the running layers' durations — the layers that are not
// running draw nothing, whatever P is — and across a window boundary it is not periodic
// (a layer appears or disappears).
//
//     red / orange:  one layer forever        → [0, ∞), P = 1.0 s / 1.2 s
//     blue:          A (1.0 s, ∞) + B (1.4 s × 15, ends at 21 s)
//                                             → [0, 21) with P = LCM(1.0, 1.4) = 7 s,
//                                               then [21, ∞) with P = 1 s (A alone)
//
// Equivalently: P is the LCM of the infinite layers' durations and of the durations of those
// finite layers that have not yet ended, and it holds only until the next finite layer ends
// (or the next layer starts). Windows shorter than their own period, windows with no running
// layer (an empty canvas) and windows whose LCM is not on the 1 ms grid or above 60 s are not
// loops. The scene's loop (`loop`) is the first window that is one; `loop(containing:)` finds
// the window of a given start time, so `--start 21 --loops 1` on blue renders the 1 s tail loop.
import Motion

extension PulseScene {
    /// Every seamless-loop window of the scene, in time order (see the file header).
    public var loopWindows: [SceneLoop] {
        let tol = SceneLoop.tolerance
        let layers = parameters.layers
        let ends = layers.map { $0.startTime + $0.repeatCount.count * $0.duration }
        // Boundaries: every start and every finite end, merged within the tolerance.
        var bounds: [Double] = []
        for b in (layers.map(\.startTime) + ends.filter(\.isFinite)).sorted() {
            if let last = bounds.last, b - last <= tol { continue }
            bounds.append(b)
        }
        var windows: [SceneLoop] = []
        for (k, from) in bounds.enumerated() {
            let until = k + 1 < bounds.count ? bounds[k + 1] : .infinity
            let running = layers.indices.filter { layers[$0].startTime <= from + tol && from < ends[$0] - tol }
            guard !running.isEmpty,
                  let period = leastCommonMultiple(of: running.map { layers[$0].duration }),
                  until - from >= period - tol else { continue }
            var note: String?
            if until.isFinite {
                let what = layers.indices.filter { abs(ends[$0] - until) <= tol }.map { i in
                    "layer \(i + 1) (\(shortNumber(layers[i].duration)) s × \(shortNumber(layers[i].repeatCount.count))) ends"
                } + layers.indices.filter { abs(layers[$0].startTime - until) <= tol }.map { "layer \($0 + 1) starts" }
                note = "\(what.joined(separator: " and ")) at \(shortNumber(until)) s"
            }
            windows.append(SceneLoop(period: period, periodicFrom: from, validUntil: until, note: note))
        }
        return windows
    }

    /// The first seamless loop (red 1 s, orange 1.2 s, blue 7 s on [0, 21)).
    public var loop: SceneLoop? { loopWindows.first }

    /// The loop window that contains `t` (blue: t = 21 → the 1 s loop of layer A alone).
    public func loop(containing t: Double) -> SceneLoop? {
        loopWindows.first { $0.contains(t) }
    }
}

/// 1.4 → "1.4", 21.0 → "21".
func shortNumber(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
    return String((v * 1e9).rounded() / 1e9)
}
