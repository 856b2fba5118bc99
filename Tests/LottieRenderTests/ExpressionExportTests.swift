// The CLI with expressions and effects it does not evaluate: a warning that quotes the
// expression and names the effect, or under --strict exit 2 naming the first, nothing written.
import Foundation
import Testing

@Suite struct ExpressionExportTests {
    @Test func unrecognisedExpressionsAndEffectsWarnOrRefuse() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let strict = try animexport([fixture("expr-unrecognised"), "--strict", "out.webm"], cwd: dir)
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("layers[0] \"Linked\""), "\(strict.stderr)")
        #expect(files(in: dir).isEmpty, "nothing written under --strict")
        let loose = try animexport([fixture("expr-unrecognised"), "--null"], cwd: dir)
        #expect(loose.status == 0, "\(loose.stderr)")
        let warnings = loose.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.contains {
            $0.contains(#"layers[0] "Linked" layers[0].ks.p "var $bm_rt; $bm_rt = thisComp.layer('Other').transform.posit…" (thisComp.layer("Other").transform.position: the layer is not in the composition): expressions are not recognised (the keyframed values are used)"#)
        }, "\(loose.stderr)")
        #expect(warnings.contains { $0.contains(#"layers[0] "Linked" effect "Radial Wipe" (type 26): effects are not rendered"#) },
                "\(loose.stderr)")
        // The recognised forms render without a word.
        let clean = try animexport([fixture("expr-loops"), "--strict", "--null"], cwd: dir)
        #expect(clean.status == 0 && !clean.stderr.contains("warning"), "\(clean.stderr)")
    }
}
