// A sourceText expression: the text a text layer shows, computed per frame
//
// After Effects' Source Text property takes an expression whose result is the text: a string as
// it is, a number as JavaScript prints it (String(n): `Math.round(x) + "+"` counts up "0+" … "10+"),
// anything else as JavaScript converts it to a string. `value`, `text.sourceText` and
// `thisLayer.text.sourceText` (and their `.value`) are the keyframed document's text at the frame.
// The document's other attributes (font, size, colours, justification) stay the keyframed ones.
// A run that fails at a frame shows the keyframed text there; the decoder's trial runs (layer
// in-point and out-point) report an expression that fails or gives no text
// (Decoding/ScriptDecoding.swift). At most LottieLimits.maxTextCharacters characters are shown;
// a longer result shows the keyframed text.

public final class TextExpression: Sendable {
    let binding: ExpressionBinding
    let program: ScriptProgram
    let maxCharacters: Int

    init(binding: ExpressionBinding, program: ScriptProgram, maxCharacters: Int) {
        self.binding = binding
        self.program = program
        self.maxCharacters = maxCharacters
    }

    /// The text at `frame`, or its error.
    func run(at frame: Double, keyframed: String) throws(ScriptError) -> String {
        let env = ExpressionEnvironment(frame: frame, frameRate: binding.frameRate, binding: binding, value: ExpressionValue(0))
        let v = try program.runRaw(env, value: .string(keyframed))
        let s: String
        switch v {
        case .string(let x): s = x
        case .undefined: throw .unsupported("gives undefined, not a text")
        default: s = v.text
        }
        guard s.unicodeScalars.count <= maxCharacters else {
            throw .budget("a text of \(s.unicodeScalars.count) characters, over the cap of \(maxCharacters)")
        }
        return s
    }

    /// The text at `frame`: the expression's, or `keyframed` where it fails.
    public func text(at frame: Double, keyframed: String) -> String {
        (try? run(at: frame, keyframed: keyframed)) ?? keyframed
    }
}
