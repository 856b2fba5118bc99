// Errors thrown by the validating initialisers of the Motion module.
//
// Every value type here is a pure function of time. Invalid parameters are
// caught once, at construction, so that evaluation (`value(at:)`,
// `callAsFunction`, `iteration(at:)`, …) never has to fail.

/// Why a Motion value could not be constructed. `description` is a
/// human-readable sentence suitable for a CLI error message.
public enum MotionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter is NaN or ±∞ where a finite number is required.
    case notFinite(parameter: String, value: Double)
    /// A Bézier control-point x coordinate lies outside [0, 1] (X would not be monotonic).
    case controlPointOutOfRange(parameter: String, value: Double)
    /// `values.count != keyTimes.count`.
    case keyframeCountMismatch(values: Int, keyTimes: Int)
    /// Fewer than two keyframes.
    case tooFewKeyframes(count: Int)
    /// A key time lies outside [0, 1].
    case keyTimeOutOfRange(index: Int, value: Double)
    /// `keyTimes[index] < keyTimes[index − 1]`.
    case keyTimesNotMonotonic(index: Int)
    /// Linear key times must start at exactly 0 and end at exactly 1.
    case keyTimesMustSpanUnitInterval(first: Double, last: Double)
    /// A duration, cycle length or speed that must be > 0 is not.
    case notPositive(parameter: String, value: Double)
    /// A duration that must be ≥ 0 is negative.
    case negative(parameter: String, value: Double)
    /// A finite repeat count that is not > 0.
    case invalidRepeatCount(Double)

    public var description: String {
        switch self {
        case let .notFinite(p, v):
            return "\(p) must be a finite number, got \(v)"
        case let .controlPointOutOfRange(p, v):
            return "timing-curve control point \(p) must lie in [0, 1], got \(v)"
        case let .keyframeCountMismatch(v, k):
            return "keyframes: \(v) values but \(k) key times (counts must match)"
        case let .tooFewKeyframes(n):
            return "keyframes: need at least 2 values, got \(n)"
        case let .keyTimeOutOfRange(i, v):
            return "keyframes: key time #\(i) = \(v) lies outside [0, 1]"
        case let .keyTimesNotMonotonic(i):
            return "keyframes: key time #\(i) is smaller than key time #\(i - 1) (key times must not decrease)"
        case let .keyTimesMustSpanUnitInterval(f, l):
            return "keyframes: key times must start at 0 and end at 1, got first \(f), last \(l)"
        case let .notPositive(p, v):
            return "\(p) must be > 0, got \(v)"
        case let .negative(p, v):
            return "\(p) must be ≥ 0, got \(v)"
        case let .invalidRepeatCount(n):
            return "repeat count must be > 0 (or infinite), got \(n)"
        }
    }
}

@inline(__always)
package func requireFinite(_ value: Double, _ name: String) throws(MotionError) {
    guard value.isFinite else { throw .notFinite(parameter: name, value: value) }
}

@inline(__always)
package func requirePositive(_ value: Double, _ name: String) throws(MotionError) {
    try requireFinite(value, name)
    guard value > 0 else { throw .notPositive(parameter: name, value: value) }
}

@inline(__always)
package func requireNonNegative(_ value: Double, _ name: String) throws(MotionError) {
    try requireFinite(value, name)
    guard value >= 0 else { throw .negative(parameter: name, value: value) }
}
