// Locating a time among keyframe times
//
// Keyframe times t_0 ≤ t_1 ≤ … ≤ t_{n−1} (any unit: seconds, frames). For a time t:
//
//   t < t_0                      → before the first keyframe
//   t_i ≤ t < t_{i+1}            → inside segment i, progress u = (t − t_i)/(t_{i+1} − t_i) ∈ [0, 1)
//   t ≥ t_{n−1}                  → after the last keyframe
//
// A segment of zero length (t_i = t_{i+1}) is never "inside": at t = t_i the later segment
// applies (the timeline is right-continuous), so of two keyframes at the same time the second
// one's value is shown from that time on. NaN is "before". The segment is found by binary
// search (O(log n)); nothing is allocated.

/// Where a time falls among sorted keyframe times.
public enum KeyframeLocation: Equatable, Sendable {
    case before
    /// Inside segment `segment` (between keyframes `segment` and `segment + 1`) at progress
    /// `progress` ∈ [0, 1).
    case inside(segment: Int, progress: Double)
    case after
}

/// Sorted keyframe times.
public struct KeyframeTimes: Sendable, Equatable {
    public let times: [Double]

    /// Validates that there is at least one time, every time is finite and none decreases.
    public init(_ times: [Double]) throws(MotionError) {
        guard !times.isEmpty else { throw .tooFewKeyframes(count: 0) }
        for (i, t) in times.enumerated() {
            try requireFinite(t, "key time #\(i)")
            if i > 0, t < times[i - 1] { throw .keyTimesNotMonotonic(index: i) }
        }
        self.times = times
    }

    public var count: Int { times.count }

    /// Where `t` falls (see the file header).
    @inlinable
    public func locate(_ t: Double) -> KeyframeLocation {
        let n = times.count
        if !(t >= times[0]) { return .before }
        if t >= times[n - 1] { return .after }
        // Largest i with times[i] ≤ t; invariant times[lo] ≤ t < times[hi].
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) >> 1
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        let t0 = times[lo], t1 = times[lo + 1]      // t0 ≤ t < t1, so t1 > t0
        return .inside(segment: lo, progress: (t - t0) / (t1 - t0))
    }
}
