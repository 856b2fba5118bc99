// Variables the player assigns (Expressions/ExpressionVariables.swift): a name neither the file
// nor the language defines reads as the caller's value; not given, the property keeps its keyframes
// and the inventory names the variable, not "unrecognised"; JavaScript's catch catches the
// ReferenceError; the language's own names we have not implemented stay unrecognised.
import Testing
@testable import Lottie

/// A null layer whose rotation (static 7) has expression `x`, and a second whose position has `p`.
private func file(_ x: String, position p: String = "value") -> String {
    lottieJSON(layers: #"""
    [{"ty": 3, "ind": 1, "nm": "Spin", "ip": 0, "op": 60, "st": 0, "ks": {"r": {"a": 0, "k": 7, "x": "\#(x)"}}},
     {"ty": 3, "ind": 2, "nm": "Cursor", "ip": 0, "op": 60, "st": 0, "ks": {"p": {"a": 0, "k": [1, 2], "x": "\#(p)"}}}]
    """#)
}

private func decoded(_ x: String, position: String = "value", _ variables: [String: ExpressionVariable] = [:]) throws -> LottieAnimation {
    try LottieDecoder.decode(Array(file(x, position: position).utf8), file: "spin.json", variables: variables)
}

@Suite("LottieExpressionVariables") struct ExpressionVariableTests {
    @Test func aGivenVariableIsReadAtEveryFrame() throws {
        let a = try decoded("var $bm_rt; $bm_rt = ct_val * 2 + time;", position: "[ct_x + 1, ct_y]",
                            ["ct_val": .number(45), "ct_x": .number(100), "ct_y": .number(-3)])
        #expect(!a.features.uses(.expressionVariables) && !a.features.uses(.unrecognisedExpressions))
        #expect(a.root.layers[0].transform.rotation.value(at: 0) == 90)
        #expect(a.root.layers[0].transform.rotation.value(at: 30) == 91)      // + time (1 s at 30 fps)
        let p = a.root.layers[1].transform.position.value(at: 12)
        #expect(p.x == 101 && p.y == -3)
        #expect(a.readVariables == ["ct_val", "ct_x", "ct_y"])
    }

    @Test func arraysAndStringsAreValuesToo() throws {
        let a = try decoded("v[0] + v[1] + s.length", ["v": .array([.number(2), .number(3)]), "s": .string("abcd")])
        #expect(a.root.layers[0].transform.rotation.value(at: 0) == 9)
    }

    @Test func notGivenTheKeyframesStandAndTheVariableIsNamed() throws {
        let a = try decoded("var $bm_rt; $bm_rt = ct_val;", position: "[ct_x, 0]")
        #expect(a.root.layers[0].transform.rotation.value(at: 0) == 7)
        let p = a.root.layers[1].transform.position.value(at: 0)
        #expect(p.x == 1 && p.y == 2)
        #expect(!a.features.uses(.unrecognisedExpressions))
        let places = a.features.places(of: .expressionVariables)
        #expect(places.count == 2)
        #expect(places.first?.contains("reads ct_val") == true, "\(places)")
        #expect(places.last?.contains("reads ct_x") == true, "\(places)")
        #expect(a.readVariables.isEmpty)
        // Said as a warning before anything is drawn.
        let coverage = LottieCoverage(a).unrendered.map(\.message)
        #expect(coverage.contains { $0.contains("variable the player assigns") && $0.contains("--expression-var") }, "\(coverage)")
    }

    @Test func catchCatchesTheReferenceErrorAsJavaScriptDoes() throws {
        let a = try decoded("var r; try { r = ct_val; } catch (e) { r = e === 'ct_val is not defined' ? 11 : 12; } r")
        #expect(!a.features.uses(.expressionVariables) && !a.features.uses(.unrecognisedExpressions))
        #expect(a.root.layers[0].transform.rotation.value(at: 0) == 11)
    }

    @Test func theProgramsOwnNamesAreNotVariables() throws {
        // Assigned without var (sloppy mode makes a global), then read: the file defines it.
        let a = try decoded("wiggle = 5; ct = wiggle * 2; ct", ["ct_val": .number(1)])
        #expect(a.root.layers[0].transform.rotation.value(at: 0) == 10)
        #expect(a.readVariables.isEmpty)     // a given variable no expression reads: the exporter's error
    }

    @Test func namesOfTheLanguageWeLackStayUnrecognised() throws {
        for x in ["new Date()", "colorDepth", "thisProject"] {
            let a = try decoded(x)
            #expect(!a.features.uses(.expressionVariables), "\(x)")
            #expect(a.features.places(of: .unrecognisedExpressions).first?.contains("unknown name") == true, "\(x)")
        }
    }

    @Test func aVariableNameIsAnIdentifierTheLanguageDoesNotOwn() {
        for ok in ["ct_val", "$x", "_", "a1", "Unicode"] { #expect(ExpressionVariable.isValidName(ok), "\(ok)") }
        for bad in ["", "1a", "a-b", "a b", "time", "Math", "thisComp", "Date", "wiggle", "$bm_rt", String(repeating: "a", count: 65), "é"] {
            #expect(!ExpressionVariable.isValidName(bad), "\(bad)")
        }
    }
}
