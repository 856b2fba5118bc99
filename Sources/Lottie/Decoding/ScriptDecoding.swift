// Binding an expression outside the typed forms to the interpreter, after trial runs
//
// The expression is parsed by ScriptParser; the program is run at the layer's in-point, at each
// keyframe (the first 64) and at the out-point (clamped to ±LottieLimits.maxFrame). An error in
// any trial — a form outside the subset, an exhausted step budget, a result that is not a value
// of the property's length — records the expression as not recognised, quoting it and the error,
// and the property keeps its keyframes. At most maxInterpretedExpressions are bound per file.

extension DecodeContext {
    func interpreted(_ source: String, base: ExpressionBase, count: Int, scale: Double) -> ExpressionBinding? {
        let scope = expressionScope
        do throws(ExpressionFailure) {
            let statements = try ScriptParser.parse(source, caps: expressionCaps)
            guard interpretedExpressions < limits.maxInterpretedExpressions else {
                throw ExpressionFailure("more than \(limits.maxInterpretedExpressions) interpreted expressions in the file")
            }
            var effects: [String: [LayerEffect]] = ["": scope.effects(ofLayer: nil)]
            for name in scope.placesByName.keys { effects[name] = scope.effects(ofLayer: name) }
            let context = ScriptContext(compWidth: scope.compWidth, compHeight: scope.compHeight, layerIndex: scope.layerIndex,
                                        effects: effects, maxSteps: limits.maxExpressionSteps,
                                        maxCallDepth: limits.maxExpressionCallDepth)
            let binding = ExpressionBinding(source: source, code: .script(ScriptProgram(statements: statements, context: context)),
                                            base: base, count: count, scale: scale == 0 ? 1 : scale, frameRate: scope.frameRate,
                                            seed: WiggleNoise.seed("\(place) \(jsonPathString(path))"), controls: [],
                                            layerInPoint: scope.layerInPoint, layerOutPoint: scope.layerOutPoint)
            let end = min(max(scope.layerOutPoint, scope.layerInPoint), limits.maxFrame)
            for frame in [scope.layerInPoint] + (base.keyframeTimes ?? []).prefix(64) + [end] {
                do { _ = try binding.trial(at: frame) } catch { throw ExpressionFailure("\(error.reason) at frame \(formatNumber(frame))") }
            }
            interpretedExpressions += 1
            record(.expressions)
            return binding
        } catch {
            unrecognisedExpression(source, error.reason)
            return nil
        }
    }
}

extension ExpressionBinding {
    /// The interpreted program's result at `frame`, or its error.
    func trial(at frame: Double) throws(ScriptError) -> ExpressionValue {
        guard case .script(let program) = code else { return baseValue(at: frame) }
        return try program.run(ExpressionEnvironment(frame: frame, frameRate: frameRate, binding: self, value: baseValue(at: frame)))
    }
}
