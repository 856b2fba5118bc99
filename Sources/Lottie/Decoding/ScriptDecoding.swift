// Binding an expression outside the typed forms to the interpreter, after trial runs
//
// The expression is parsed by ScriptParser; the program is run at the layer's in-point, at each
// keyframe (the first 64) and at the out-point (clamped to ±LottieLimits.maxFrame). An error in
// any trial — a form outside the subset, an exhausted step budget, a result that is not a value
// of the property's length — records the expression as not recognised, quoting it and the error,
// and the property keeps its keyframes; a variable the player assigns that the caller did not give
// is recorded as that (Expressions/ExpressionVariables.swift). At most maxInterpretedExpressions are bound per file.
import JSON

extension DecodeContext {
    /// `ownPath`: a path expression's own path (the program must give a path).
    /// `ownStops`: a colour-stop expression's own gradient values (the program must give as many numbers).
    func interpreted(_ source: String, base: ExpressionBase, count: Int, scale: Double, ownPath: ShapeProperty? = nil,
                     ownStops: FlatProperty? = nil) -> ExpressionBinding? {
        let scope = expressionScope
        do throws(ExpressionFailure) {
            let (binding, _) = try scriptBinding(source, base: base, count: count, scale: scale, ownPath: ownPath, ownStops: ownStops)
            let end = min(max(scope.layerOutPoint, scope.layerInPoint), limits.maxFrame)
            for frame in [scope.layerInPoint] + ((ownPath?.keyframeTimes ?? ownStops?.keyframeTimes ?? base.keyframeTimes) ?? []).prefix(64) + [end] {
                do throws(ScriptError) {
                    if ownPath != nil { _ = try binding.runPath(at: frame) } else if ownStops != nil { _ = try binding.runStops(at: frame) }
                    else { _ = try binding.trial(at: frame) }
                } catch {
                    var variable: String?
                    if case .notDefined(let name) = error { variable = name }
                    throw ExpressionFailure("\(error.reason) at frame \(formatNumber(frame))", variable: variable)
                }
            }
            interpretedExpressions += 1
            record(.expressions)
            return binding
        } catch {
            // A link failure is recorded as ExpressionDecoding.bind records it: a property linking to
            // this one then fails too (every expression of a cycle is reported), once per property.
            if error.inLink {
                let key = jsonPathString(path)
                links.failedBindings[key] = error
                var reported = error.dependsOnChain && !links.chain.isEmpty
                if case .failure? = links.resolved[key] { reported = true }
                if reported { return nil }
            }
            if let name = error.variable { unassignedVariable(source, name) } else { unrecognisedExpression(source, error.reason) }
            return nil
        }
    }
}

extension DecodeContext {
    /// `source` parsed, its links resolved and bound to the property in the current scope, within
    /// the file's caps (interpreted expressions per file, link depth, steps with links).
    func scriptBinding(_ source: String, base: ExpressionBase, count: Int, scale: Double, ownPath: ShapeProperty? = nil,
                       ownStops: FlatProperty? = nil) throws(ExpressionFailure) -> (ExpressionBinding, ScriptProgram) {
        let scope = expressionScope
        let (statements, found) = try resolveScriptLinks(try ScriptParser.parse(source, caps: expressionCaps))
        readVariables.formUnion(ExpressionVariable.reads(source, of: expressionVariables))
        var links = found
        let chains = try layerControlChains(source, &links)       // LayerSpaceDecoding.swift
        guard interpretedExpressions < limits.maxInterpretedExpressions else {
            throw ExpressionFailure("more than \(limits.maxInterpretedExpressions) interpreted expressions in the file")
        }
        var effects: [String: [LayerEffect]] = ["": scope.effects(ofLayer: nil)]
        for name in scope.placesByName.keys { effects[name] = scope.effects(ofLayer: name) }
        let context = ScriptContext(compWidth: scope.compWidth, compHeight: scope.compHeight, layerIndex: scope.layerIndex,
                                    hasParent: scope.parentPosition != nil, compDuration: scope.compDuration,
                                    numLayers: scope.layers.count, effects: effects, maxSteps: limits.maxExpressionSteps,
                                    maxCallDepth: limits.maxExpressionCallDepth, links: links,
                                    layers: ScriptLayers(indices: layerIndices(), chains: chains), variables: expressionVariables)
        let program = ScriptProgram(statements: statements, context: context)
        let binding = ExpressionBinding(source: source, code: .script(program),
                                        base: base, count: count, scale: scale == 0 ? 1 : scale, frameRate: scope.frameRate,
                                        seed: WiggleNoise.seed("\(place) \(jsonPathString(path))"), controls: [],
                                        layerInPoint: scope.layerInPoint, layerOutPoint: scope.layerOutPoint, links: links, path: ownPath, stops: ownStops)
        guard binding.linkDepth <= limits.maxExpressionLinkDepth else {
            throw ExpressionFailure("links chained more than \(limits.maxExpressionLinkDepth) deep")
        }
        guard binding.cost <= limits.maxExpressionLinkCost + limits.maxExpressionSteps || links.isEmpty else {
            throw ExpressionFailure("one evaluation with its links takes \(binding.cost) steps, over the cap of \(limits.maxExpressionLinkCost + limits.maxExpressionSteps)")
        }
        return (binding, program)
    }
}

extension ExpressionBinding {
    /// The interpreted program's result at `frame`, or its error.
    func trial(at frame: Double) throws(ScriptError) -> ExpressionValue {
        guard case .script(let program) = code else { return baseValue(at: frame) }
        return try program.run(ExpressionEnvironment(frame: frame, frameRate: frameRate, binding: self, value: baseValue(at: frame)))
    }
}
