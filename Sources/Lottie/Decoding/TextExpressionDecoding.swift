// Binding a text layer's sourceText expression (`t.d.x`) to the interpreter
//
// The program is parsed and its links resolved as any interpreted expression's
// (ScriptDecoding.swift); `text.sourceText`, `thisLayer.text.sourceText` (with or without
// `.value`) read the keyframed text, as `value` does (Expressions/TextExpression.swift). It is run
// at the layer's in-point and out-point before it is accepted; an error there, or a result that is
// not a text (undefined), reports the expression as not recognised, and the keyframed texts show.

extension DecodeContext {
    /// The bound expression, or nil (reported); `documents` gives the keyframed texts for the trials.
    func textExpression(_ source: String, documents: TextDocumentTrack) -> TextExpression? {
        let scope = expressionScope
        do throws(ExpressionFailure) {
            sourceTextIsValue = true
            defer { sourceTextIsValue = false }
            let (statements, links) = try resolveScriptLinks(try ScriptParser.parse(source, caps: expressionCaps))
            guard interpretedExpressions < limits.maxInterpretedExpressions else {
                throw ExpressionFailure("more than \(limits.maxInterpretedExpressions) interpreted expressions in the file")
            }
            var effects: [String: [LayerEffect]] = ["": scope.effects(ofLayer: nil)]
            for name in scope.placesByName.keys { effects[name] = scope.effects(ofLayer: name) }
            let context = ScriptContext(compWidth: scope.compWidth, compHeight: scope.compHeight, layerIndex: scope.layerIndex,
                                        hasParent: scope.parentPosition != nil, compDuration: scope.compDuration,
                                        numLayers: scope.layers.count, effects: effects,
                                        maxSteps: limits.maxExpressionSteps, maxCallDepth: limits.maxExpressionCallDepth, links: links)
            let program = ScriptProgram(statements: statements, context: context)
            let binding = ExpressionBinding(source: source, code: .script(program), base: .constant(ExpressionValue(0)), count: 1,
                                            scale: 1, frameRate: scope.frameRate,
                                            seed: WiggleNoise.seed("\(place) \(jsonPathString(path))"), controls: [],
                                            layerInPoint: scope.layerInPoint, layerOutPoint: scope.layerOutPoint, links: links)
            let expression = TextExpression(binding: binding, program: program, maxCharacters: limits.maxTextCharacters)
            let end = min(max(scope.layerOutPoint, scope.layerInPoint), limits.maxFrame)
            for frame in [scope.layerInPoint, end] {
                let keyframed = documents.documents[documents.index(at: frame)].text
                do { _ = try expression.run(at: frame, keyframed: keyframed) } catch {
                    throw ExpressionFailure("\(error.reason) at frame \(formatNumber(frame))")
                }
            }
            interpretedExpressions += 1
            record(.expressions)
            return expression
        } catch {
            unrecognisedExpression(source, error.reason)
            return nil
        }
    }

    /// `text.sourceText` and `thisLayer.text.sourceText` (and their `.value`) as `value`.
    static func sourceText(_ x: ScriptExpr) -> Bool {
        switch x {
        case .member(.member(.name("text"), "sourceText"), "value"),
             .member(.member(.member(.name("thisLayer"), "text"), "sourceText"), "value"),
             .member(.name("text"), "sourceText"),
             .member(.member(.name("thisLayer"), "text"), "sourceText"):
            return true
        default: return false
        }
    }
}
