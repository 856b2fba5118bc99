// Binding a text layer's sourceText expression (`t.d.x`) to the interpreter
//
// The program is parsed, its links resolved and capped as any interpreted expression's
// (ScriptDecoding.swift's scriptBinding); `text.sourceText`, `thisLayer.text.sourceText` (with or without
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
            let (binding, program) = try scriptBinding(source, base: .constant(ExpressionValue(0)), count: 1, scale: 1)
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
