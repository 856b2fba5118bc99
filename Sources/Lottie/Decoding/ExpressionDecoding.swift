// Binding a property's expression (`x`) while it is decoded
//
// A recognised expression (Expressions/ExpressionCompiler.swift) is bound to the property and
// recorded as `expressions`; any other is recorded as `unrecognised expressions` at a place that
// quotes it (the first 60 characters) and says why — LottieCoverage turns that into the warning
// (an error under --strict) — and the property keeps its keyframed value. The seed of `wiggle`
// is a hash of the property's place and JSON path. A link that cannot be read (LinkDecoding.swift)
// is reported with its reason; the interpreter is not tried for it.

import JSON
import Geometry

extension DecodeContext {
    var expressionCaps: ExpressionCaps {
        ExpressionCaps(maxLength: limits.maxExpressionLength, maxDepth: limits.maxExpressionDepth,
                       maxNodes: limits.maxExpressionTerms)
    }

    func expression(_ v: JSONValue, _ p: ScalarProperty, scale: Double) -> ExpressionBinding? {
        let base: ExpressionBase
        switch p.storage {
        case .constant(let c): base = .constant(ExpressionValue(c))
        case .keyframes(let t): base = .track(t)
        }
        return bind(v, base: base, count: 1, scale: scale)
    }

    func expression(_ v: JSONValue, _ p: VectorProperty, scale: Double) -> ExpressionBinding? {
        let base: ExpressionBase
        switch p.storage {
        case .constant(let c): base = .constant(ExpressionValue(SIMD4(c.x, c.y, 0, 0), count: 2))
        case .keyframes(let t): base = .track(t)
        }
        return bind(v, base: base, count: 2, scale: scale)
    }

    func expression(_ v: JSONValue, _ p: ColorProperty) -> ExpressionBinding? {
        let base: ExpressionBase
        switch p.storage {
        case .constant(let c): base = .constant(ExpressionValue(SIMD4(c.r, c.g, c.b, c.a), count: 4))
        case .keyframes(let t): base = .track(t)
        }
        return bind(v, base: base, count: 4, scale: 1)
    }

    func expression(_ v: JSONValue, _ p: PositionProperty) -> ExpressionBinding? {
        let base: ExpressionBase
        switch p.storage {
        case .constant(let c): base = .constant(ExpressionValue(SIMD4(c.x, c.y, 0, 0), count: 2))
        case .keyframes(let t): base = .spatial(t)
        case .split: return nil
        }
        return bind(v, base: base, count: 2, scale: 1)
    }

    private func bind(_ v: JSONValue, base: ExpressionBase, count: Int, scale: Double) -> ExpressionBinding? {
        guard case .object(let o) = v, case .string(let source)? = member(o, "x") else { return nil }
        guard !source.allSatisfy(\.isWhitespace) else { return nil }
        let scope = expressionScope
        do throws(ExpressionFailure) {
            let statements = try ExpressionParser.parse(source, caps: expressionCaps)
            var compiler = ExpressionCompiler(count: count, frameRate: scope.frameRate, resolve: { layer, effect, control in
                Self.control(in: scope.effects(ofLayer: layer), effect, control)
            }, resolveLink: { (link) throws(ExpressionFailure) -> LinkTarget in try self.linkTarget(link) })
            let code = try compiler.compile(statements)
            let binding = ExpressionBinding(source: source, code: code, base: base, count: count, scale: scale == 0 ? 1 : scale,
                                            frameRate: scope.frameRate, seed: WiggleNoise.seed("\(place) \(jsonPathString(path))"),
                                            controls: compiler.controls, layerInPoint: scope.layerInPoint,
                                            layerOutPoint: scope.layerOutPoint, links: compiler.links)
            guard binding.linkDepth <= limits.maxExpressionLinkDepth else {
                throw ExpressionFailure("links chained more than \(limits.maxExpressionLinkDepth) deep", inLink: true)
            }
            guard binding.cost <= limits.maxExpressionLinkCost else {
                throw ExpressionFailure("one evaluation with its links takes \(binding.cost) steps, over the cap of \(limits.maxExpressionLinkCost)",
                                        inLink: true)
            }
            record(.expressions)
            return binding
        } catch let failure where failure.inLink {
            // Reported once per property: not while a chain that may be cut short is resolved
            // (LinkDecoding.swift), nor again when decoding it as a link already did.
            let key = jsonPathString(path)
            links.failedBindings[key] = failure
            var reported = failure.dependsOnChain && !links.chain.isEmpty
            if case .failure? = links.resolved[key] { reported = true }
            if !reported { unrecognisedExpression(source, failure.reason) }
            return nil
        } catch {
            return interpreted(source, base: base, count: count, scale: scale)
        }
    }

    /// `p` without its expression, reported: for counts whose caps are checked on the keyframes
    /// (repeater copies, star points), which an expression could otherwise take past them.
    func capped(_ p: ScalarProperty, member key: String) throws(LottieError) -> ScalarProperty {
        guard let e = p.expression else { return p }
        var q = p
        q.expression = nil
        try at(key) { () throws(LottieError) in unrecognisedExpression(e.source, "counts are capped on their keyframes; expressions there are not evaluated") }
        return q
    }

    /// Records an expression that is not evaluated, quoting it and saying why.
    func unrecognisedExpression(_ source: String, _ reason: String) {
        // Only the quoted head is read: a 10 MB expression costs no more to report than a short one.
        let flat = source.prefix(200).split(whereSeparator: \.isNewline).joined(separator: " ")
        let quote = flat.count > 60 || source.utf8.count > 200 ? flat.prefix(60) + "…" : Substring(flat)
        features.record(.unrecognisedExpressions, at: "\(place) \(jsonPathString(path)) \"\(quote)\" (\(reason))")
    }

    /// An expression reading `name`, a variable the player assigns that the caller did not give.
    func unassignedVariable(_ source: String, _ name: String) {
        features.record(.expressionVariables, at: "\(place) \(jsonPathString(path)) reads \(name)")
    }

    static func control(in effects: [LayerEffect], _ effect: ExpressionKey, _ control: ExpressionKey) -> EffectControlValue? {
        effectControl(in: effects, effect, control)?.value
    }

    /// The control named, with a value (not `.none`), or nil.
    static func effectControl(in effects: [LayerEffect], _ effect: ExpressionKey, _ control: ExpressionKey) -> EffectControl? {
        let found: LayerEffect?
        switch effect {
        case .name(let s): found = effects.first { $0.name == s || $0.matchName == s }
        case .index(let i): found = i >= 1 && i <= effects.count ? effects[i - 1] : nil
        }
        guard let c = found?.control(control), c.value.count > 0 else { return nil }
        if case .none = c.value { return nil }
        return c
    }
}
