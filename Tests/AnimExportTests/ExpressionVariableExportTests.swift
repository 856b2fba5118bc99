// Variables the player assigns, given to the exporter (issue 23; Lottie's
// Expressions/ExpressionVariables.swift): --expression-var on a still, "expressionVariables" in a
// preset with a variant table's cells, the warning (an error under --strict) when one is missing,
// and the errors for a name the language owns and a variable no expression reads. Each still is
// read back and the square found where the variable put it.
import Foundation
import Testing
import Video
@testable import AnimExport

/// 40 × 40: a red 10 × 10 square centred at the layer's position, [ct_x, ct_y] by expression
/// (keyframed: [5, 5]).
private let squareFile = #"""
{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 40, "h": 40, "layers": [
 {"ty": 4, "ind": 1, "nm": "Cursor", "ip": 0, "op": 30, "st": 0,
  "ks": {"p": {"a": 0, "k": [5, 5], "x": "var $bm_rt; $bm_rt = [ct_x, ct_y];"}, "a": {"a": 0, "k": [0, 0]}},
  "shapes": [{"ty": "gr", "it": [
   {"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
   {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}},
   {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
    "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}]}]}
"""#

/// The centre of the opaque red pixels of the still at `path`.
private func squareCentre(_ path: String) throws -> (x: Double, y: Double, count: Int) {
    let png = try PNGReader.read(path: path)
    var (sx, sy, n) = (0.0, 0.0, 0)
    for y in 0..<png.height {
        for x in 0..<png.width {
            let i = (y * png.width + x) * 4
            if png.rgba[i] > 250 && png.rgba[i + 1] < 5 && png.rgba[i + 3] > 250 { sx += Double(x) + 0.5; sy += Double(y) + 0.5; n += 1 }
        }
    }
    return (sx / Double(max(n, 1)), sy / Double(max(n, 1)), n)
}

@Suite("ExpressionVariableExport") struct ExpressionVariableExportTests {
    @Test func aFlagPlacesTheSquareWhereTheVariablesSay() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try squareFile.write(toFile: root + "/cursor.json", atomically: true, encoding: .utf8)
        let r = try run(["still", "cursor.json", "a.png", "--expression-var", "ct_x=30", "--expression-var", "ct_y=20"], cwd: root)
        #expect(r.status == 0 && !r.stderr.contains("warning"), "\(r.stderr)")
        let c = try squareCentre(root + "/a.png")
        #expect(c.x == 30 && c.y == 20 && c.count == 100, "\(c)")

        // Not given: the keyframed [5, 5], with a warning naming the variable.
        let missing = try run(["still", "cursor.json", "b.png", "--expression-var", "ct_x=30"], cwd: root)
        #expect(missing.status == 0 && missing.stderr.contains("reads ct_y") && missing.stderr.contains("--expression-var"), "\(missing.stderr)")
        let k = try squareCentre(root + "/b.png")
        #expect(k.x == 5 && k.y == 5 && k.count == 100, "\(k)")
        let strict = try run(["still", "cursor.json", "c.png", "--strict"], cwd: root)
        #expect(strict.status == 2 && strict.stderr.contains("reads ct_x"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/c.png"))
    }

    @Test func badNamesAndUnreadVariablesAreErrors() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try squareFile.write(toFile: root + "/cursor.json", atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--expression-var", "time=3"], "--expression-var time=3: expected a JavaScript name"),
            (["--expression-var", "ct_x"], "--expression-var ct_x: expected KEY=VALUE"),
            (["--expression-var", #"ct_x={"a": 1}"#], "expected a number, a string"),
            (["--expression-var", "ct_x=1", "--expression-var", "ct_y=1", "--expression-var", "ct_z=1"],
             "--expression-var ct_z: matches nothing in cursor.json: no expression reads a variable ct_z"),
        ]
        for (flags, message) in cases {
            let r = try run(["still", "cursor.json", "x.png"] + flags, cwd: root)
            #expect(r.status == 2 && r.stderr.contains(message), "\(flags): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/x.png"))
        }
    }

    @Test func aPresetTakesThemFromEachVariantRow() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try FileManager.default.createDirectory(atPath: root + "/p/anims", withIntermediateDirectories: true)
        try squareFile.write(toFile: root + "/p/anims/cursor.json", atomically: true, encoding: .utf8)
        try #"""
        {"lottie": "anims/cursor.json", "variants": [{"x": 10}, {"x": 28}],
         "expressionVariables": {"ct_x": "{x}", "ct_y": 15}, "outputs": [{"name": "at-{x}.png"}]}
        """#.write(toFile: root + "/p/cursor-preset.json", atomically: true, encoding: .utf8)
        let r = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(r.status == 0 && !r.stderr.contains("warning"), "\(r.stdout)\(r.stderr)")
        for x in [10.0, 28.0] {
            let c = try squareCentre(root + "/dist/at-\(Int(x)).png")
            #expect(c.x == x && c.y == 15 && c.count == 100, "\(x): \(c)")
        }
        try #"{"lottie": "anims/cursor.json", "expressionVariables": {"Math": 1}}"#.write(toFile: root + "/p/cursor-preset.json", atomically: true, encoding: .utf8)
        let bad = try run(["batch", "p", "--out", "dist2"], cwd: root)
        #expect(bad.status != 0 && bad.stderr.contains(#"expressionVariables."Math": expected a JavaScript name"#), "\(bad.stderr)")
    }
}
