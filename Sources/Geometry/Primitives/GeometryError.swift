// GeometryError.swift — why a geometry operation (trim, boolean, offset) refused its input.
//
// Inputs come from untrusted files (Lottie, presets), so every operation checks its parameters
// and its size before working, and says which parameter and which range (README "Limits").

/// A geometry operation's input was outside what it accepts.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter was NaN or infinite (`name` says which one).
    case nonFiniteParameter(name: String)
    /// A parameter was outside its allowed range (`allowed` spells the range).
    case parameterOutOfRange(name: String, value: Double, allowed: String)
    /// The operation's input has more vertices (after flattening) than it accepts.
    case tooManyVertices(count: Int, limit: Int)
    /// A coordinate (after flattening) is beyond what the operation represents exactly.
    case coordinateOutOfRange(value: Double, limit: Double)
    /// The polygon library reported a failure (its message).
    case clipperFailed(String)
    /// A boolean operation's estimated sweep cost (BooleanCost.swift: edges, the scanbeams they
    /// cross and the pairs that may intersect) is over what one operation or one frame may spend.
    case tooExpensive(cost: Int, limit: Int)

    public var description: String {
        switch self {
        case .nonFiniteParameter(let name):
            return "\(name) must be a finite number"
        case .parameterOutOfRange(let name, let value, let allowed):
            return "\(name) = \(value) is out of range (allowed: \(allowed))"
        case .tooManyVertices(let count, let limit):
            return "the operands have \(groupedDigits(count)) vertices after flattening, over the cap of \(groupedDigits(limit))"
        case .coordinateOutOfRange(let value, let limit):
            return "coordinate \(value) is out of range (allowed: |x|, |y| ≤ \(limit))"
        case .clipperFailed(let message):
            return "polygon clipping failed: \(message)"
        case .tooExpensive(_, let limit):
            let scope = limit == PolygonLimits.maximumCost ? "the cap per operation" : "what the frame's boolean operations may spend together"
            return "the boolean operation would cost more than \(groupedDigits(limit)) sweep steps (its edges, the scanbeams they span and the edge pairs that may cross), \(scope)"
        }
    }
}
