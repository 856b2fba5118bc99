// A property's recognised expression, bound to the property's keyframes and the controls it reads
//
// At frame f the property's value is P(f) = scale · program(f) where the program sees
// `value` = K(f)/scale, K the keyframed (or static) value in model units and `scale` the
// decoder's unit conversion (opacity and scale percentages: 0.01; others 1), so expressions
// compute in the file's units as After Effects does. A 3-D result on a 2-D property keeps x and y;
// a non-finite result gives K(f).
//
// Links (PropertyLinks.swift) read other properties L_i of the file at the same frame f: every
// layer of a composition evaluates its properties at the composition's frame (Time/LayerTime.swift:
// Bodymovin writes keyframe times with the layer's start time applied), and a property of another
// composition (`comp(name)`) at the same frame number of that composition's own timeline (one frame
// rate per file). The cost of one evaluation is fixed when the program is bound:
//   cost(P) = (nodes of P other than links) + Σ over link nodes of cost(L_i)
// (an interpreted program counts its step budget), and a binding whose cost passes
// LottieLimits.maxExpressionLinkCost is not made, so links reused many times cannot make a frame slow.

import Motion

/// The property's own value, without the expression.
enum ExpressionBase: Sendable {
    case constant(ExpressionValue)
    case track(KeyframeTrack)
    case spatial(SpatialTrack)

    var keyframeTimes: [Double]? {
        switch self {
        case .constant: return nil
        case .track(let t): return t.times.times
        case .spatial(let t): return t.track.times.times
        }
    }
}

public final class ExpressionBinding: Sendable {
    /// The expression's text as the file gives it.
    public let source: String
    let code: ExpressionCode
    let base: ExpressionBase
    let count: Int
    let scale: Double
    let frameRate: Double
    let seed: UInt64
    let controls: [EffectControlValue]
    let layerInPoint: Double
    let layerOutPoint: Double
    /// The properties the program links to (ExpressionCode.link).
    let links: [LinkTarget]
    /// Steps of one evaluation, links included (file header).
    let cost: Int
    /// Links in the longest chain from this program: 0 without links, else 1 + the longest of its targets'.
    let linkDepth: Int
    /// A path expression's own path (its keyframes, without the expression): `value` and `thisProperty`.
    let path: ShapeProperty?
    /// A colour-stop expression's own gradient values (without the expression): `value`.
    let stops: FlatProperty?

    init(source: String, code: ExpressionCode, base: ExpressionBase, count: Int, scale: Double, frameRate: Double,
         seed: UInt64, controls: [EffectControlValue], layerInPoint: Double, layerOutPoint: Double, links: [LinkTarget] = [], path: ShapeProperty? = nil, stops: FlatProperty? = nil) {
        self.source = source
        self.code = code
        self.base = base
        self.count = count
        self.scale = scale
        self.frameRate = frameRate
        self.seed = seed
        self.controls = controls
        self.layerInPoint = layerInPoint
        self.layerOutPoint = layerOutPoint
        self.links = links
        self.path = path
        self.stops = stops
        self.cost = code.cost(links: links)
        self.linkDepth = links.map { 1 + $0.linkDepth }.max() ?? 0
    }

    /// K(f)/scale.
    func baseValue(at frame: Double) -> ExpressionValue {
        var v: ExpressionValue
        switch base {
        case .constant(let c): v = c
        case .track(let t):
            var s = SIMD4<Double>()
            for d in 0..<min(t.dimensions, 4) { s[d] = t.value(at: frame, dimension: d) }
            v = ExpressionValue(s, count: count)
        case .spatial(let t):
            let p = t.value(at: frame)
            v = ExpressionValue(SIMD4(p.x, p.y, 0, 0), count: 2)
        }
        v.v /= scale
        return v
    }

    /// P(f) in model units (components 0 ..< count).
    public func value(at frame: Double) -> SIMD4<Double> {
        let value = baseValue(at: frame)
        let env = ExpressionEnvironment(frame: frame, frameRate: frameRate, binding: self, value: value)
        let r = code.evaluate(env)
        return (r.isFinite ? r.v : value.v) * scale
    }
}

/// A property an expression links to; its value in the file's units (it is decoded with scale 1).
enum LinkTarget: Sendable {
    case scalar(ScalarProperty)
    case vector(VectorProperty)
    case position(PositionProperty)
    case color(ColorProperty)
    /// A path (`….path`): read by interpreted scripts only (ScriptPaths.swift).
    case path(ShapeProperty)
    /// The expression's own property: its value before the expression (`value`), as After Effects
    /// reads `transform.position` in a position expression. Its length is the expression's.
    case own
    /// A text layer's sourceRectAtTime(): (top, left, width, height), measured by the builder (TextRectLink.swift).
    case textRect(TextRectLink)

    /// Components of the value (nil for `own`).
    var count: Int? {
        switch self {
        case .own, .path: return nil
        case .scalar: return 1
        case .vector, .position: return 2
        case .color, .textRect: return 4
        }
    }

    /// The value at `frame` (`own`: the binding's; ExpressionCode.link evaluates it).
    func value(at frame: Double, of binding: ExpressionBinding) -> ExpressionValue {
        switch self {
        case .own: return binding.baseValue(at: frame)
        case .scalar(let p): return ExpressionValue(p.value(at: frame))
        case .vector(let p): let v = p.value(at: frame); return ExpressionValue(SIMD4(v.x, v.y, 0, 0), count: 2)
        case .position(let p): let v = p.value(at: frame); return ExpressionValue(SIMD4(v.x, v.y, 0, 0), count: 2)
        case .color(let p): let c = p.value(at: frame); return ExpressionValue(SIMD4(c.r, c.g, c.b, c.a), count: 4)
        case .path: return ExpressionValue(.nan)     // not a number: scripts read it as a path value
        case .textRect(let r): return r.value(at: frame)
        }
    }

    /// The expressions that give the property's value (a split position's two, or none).
    private var expressions: [ExpressionBinding] {
        switch self {
        case .own, .textRect: return []
        case .scalar(let p): return p.expression.map { [$0] } ?? []
        case .vector(let p): return p.expression.map { [$0] } ?? []
        case .color(let p): return p.expression.map { [$0] } ?? []
        case .path(let p): return p.expression.map { [$0] } ?? []
        case .position(let p):
            if let e = p.expression { return [e] }
            if case let .split(x, y) = p.storage { return [x.expression, y.expression].compactMap { $0 } }
            return []
        }
    }

    /// Links in the longest chain from the property's expressions (0 without).
    var linkDepth: Int { expressions.map(\.linkDepth).max() ?? 0 }

    /// Steps of one evaluation: 1, or its expressions' cost.
    var cost: Int { expressions.isEmpty ? 1 : expressions.reduce(0) { min($0 + $1.cost, Int.max / 2) } }
}

extension ExpressionCode {
    /// Steps of one evaluation (ExpressionBinding's header), saturating at Int.max / 2.
    func cost(links: [LinkTarget]) -> Int {
        func sum(_ parts: [ExpressionCode]) -> Int {
            parts.reduce(1) { min($0 + $1.cost(links: links), Int.max / 2) }
        }
        switch self {
        case .constant, .time, .value, .loop, .control: return 1
        case .negate(let a), .component(let a, _), .valueAtTime(let a): return sum([a])
        case let .sum(a, b), let .difference(a, b), let .product(a, b), let .quotient(a, b), let .remainder(a, b):
            return sum([a, b])
        case let .math(_, a, b): return sum(b.map { [a, $0] } ?? [a])
        case .vector(let parts): return sum(parts)
        case let .clamp(a, b, c): return sum([a, b, c])
        case let .wiggle(f, a, octaves, m): return sum([f, a, m]) + octaves
        case let .linear(t, t0, t1, a, b): return sum([t, t0, t1, a, b])
        case .link(let i): return min(1 + links[i].cost, Int.max / 2)
        case let .linkAtTime(i, t): return min(sum([t]) + links[i].cost, Int.max / 2)
        case .script(let program):
            return program.context.links.reduce(program.context.maxSteps) { Swift.min($0 + $1.cost, Int.max / 2) }
        }
    }
}

extension ExpressionBinding {
    /// A path expression's path at `frame` into `shape`; false when the run fails or gives no path.
    func evaluatePath(at frame: Double, into shape: inout BezierPath) -> Bool {
        guard let made = try? runPath(at: frame) else { return false }
        made.evaluate(at: frame, into: &shape)
        return true
    }

    /// The path property a path expression gives at `frame`, or its error.
    func runPath(at frame: Double) throws(ScriptError) -> ShapeProperty {
        guard case .script(let program) = code else { throw .unsupported("a path expression is not a script") }
        let v = try program.runRaw(ExpressionEnvironment(frame: frame, frameRate: frameRate, binding: self, value: baseValue(at: frame)),
                                   value: path.map { .path($0) } ?? .undefined)
        guard case .path(let p) = v else { throw .unsupported("gives \(v.typeName), not a path") }
        return p
    }
}

extension ExpressionBinding {
    /// A colour-stop expression's values at `frame`: an array of as many numbers as the gradient's
    /// (4 per colour stop, 2 per opacity stop), or its error.
    func runStops(at frame: Double) throws(ScriptError) -> [Double] {
        guard case .script(let program) = code, let stops else { throw .unsupported("a gradient expression is not a script") }
        let own = ScriptValue.vector(stops.keyframedValues(at: frame))
        let v = try program.runRaw(ExpressionEnvironment(frame: frame, frameRate: frameRate, binding: self, value: baseValue(at: frame)),
                                   value: own)
        guard v.isArray, let c = v.components, c.count == stops.count, c.allSatisfy(\.isFinite) else {
            throw .unsupported("gives \(v.typeName) (\(v.components?.count ?? 0) numbers), not the gradient's \(stops.count) numbers")
        }
        return c
    }
}
