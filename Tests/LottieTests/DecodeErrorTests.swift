// Malformed and hostile files: one line naming the file, the JSON path and what is allowed.
import Foundation
import Testing
@testable import Lottie

@Suite struct DecodeErrorTests {
    @Test(arguments: [
        // (layers JSON, expected description)
        (#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "fl"}, {"ty": "gr", "it": [{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": "x"}]}}]}]}]"#,
         "anim.json: layers[0].shapes[1].it[0].ks.k[0].s: expected a shape {\"c\", \"v\", \"i\", \"o\"}, got a string"),
        (#"[{"ty": 4, "ks": {"p": {"a": 0, "k": [1, "2"]}}}]"#,
         "anim.json: layers[0].ks.p.k[1]: expected an array of numbers, got a string here"),
        (#"[{"ty": 4, "ks": {"r": {"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [1]}]}}}]"#,
         "anim.json: layers[0].ks.r.k[1].t: keyframe times must not decrease: 2 after 5"),
        (#"[{"ty": 4, "ks": {"o": {"a": 1, "k": [{"t": 0}, {"t": 2, "s": [1]}]}}}]"#,
         "anim.json: layers[0].ks.o.k[0]: missing keyframe value (\"s\")"),
        (#"[{"ks": {}}]"#, "anim.json: layers[0]: missing layer type (\"ty\")"),
        (#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "fl", "c": {"a": 0, "k": [1, 0]}}]}]"#,
         "anim.json: layers[0].shapes[0].c.k: expected a colour [r, g, b] or [r, g, b, a], got 2 numbers"),
        (#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [{"v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}]}, {"t": 9, "s": [{"v": [[0, 0], [1, 1]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]}]}}]}]"#,
         "anim.json: layers[0].shapes[0].ks.k[1].s: 2 vertices, but the first keyframe has 1 (shape keyframes must have the same vertex count)"),
        (#"[{"ty": 0, "refId": "a", "ks": {}}]"#, "anim.json: precomposition cycle: precomposition \"a\" → precomposition \"a\" (a precomposition may not show itself)"),
        (#"[{"ty": 3, "ind": 1, "parent": 2, "nm": "A", "ks": {}}, {"ty": 3, "ind": 2, "parent": 1, "nm": "B", "ks": {}}]"#,
         "anim.json: layers[0].parent: parenting cycle: layers[0] \"A\" → layers[1] \"B\" → layers[0] \"A\""),
        (#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "rp", "c": {"a": 0, "k": 5000}}]}]"#,
         "anim.json: layers[0].shapes[0].c: 5000 copies, over the cap of 1000 per repeater"),
    ])
    func errorsNameTheJSONPath(_ layers: String, _ expected: String) {
        let assets = #"[{"id": "a", "layers": [{"ty": 0, "refId": "a", "ks": {}}]}]"#
        let error = decodeError(lottieJSON(layers: layers, assets: assets))
        #expect(error?.description == expected)
    }

    /// Out-of-range values are read as the players read them — an enumeration takes its default,
    /// a size is clamped — each a repair naming the JSON path (issue 25 item 1); the file decodes.
    @Test func outOfRangeValuesAreRepaired() throws {
        let layers = ##"[{"ty": 4, "ks": {}, "shapes": [{"ty": "st", "lc": 7, "lj": 2.5}]}, {"ty": 1, "ks": {}, "sc": "#ff0000", "sw": 1800, "sh": 12000}, {"ty": 1, "ks": {}, "sw": -3, "sh": 2e8}, {"ty": 1, "ks": {}, "sc": "", "sw": 10, "sh": 10}]"##
        let animation = try LottieDecoder.decode(Array(lottieJSON(layers: layers).utf8), file: "anim.json")
        #expect(animation.repairs.map { "\($0.path): \($0.message)" } == [
            "layers[0].shapes[0].lc: expected a whole number in 1…3, got 7; used 2",
            "layers[0].shapes[0].lj: expected a whole number in 1…3, got 2.5; used 2",
            "layers[2].sw: solid width must be in 0…10000000, got -3; used 0",
            "layers[2].sh: solid height must be in 0…10000000, got 200000000; used 10000000",
            ##"layers[3].sc: expected a colour "#rrggbb", got ""; used #000000"##,
        ])
        guard case .solid(_, let w, let h) = animation.root.layers[1].content else { Issue.record("not a solid"); return }
        #expect(w == 1800 && h == 12000, "a solid larger than any canvas is kept as it is (drawn clipped)")
    }

    @Test(arguments: [
        (#"{"fr": 30, "op": 10, "w": 10, "h": 10}"#, "anim.json: missing \"layers\""),
        (#"{"fr": 0, "op": 10, "w": 10, "h": 10, "layers": []}"#, "anim.json: fr: frame rate must be in 0.001…1000, got 0"),
        (#"{"fr": 30, "ip": 10, "op": 10, "w": 10, "h": 10, "layers": []}"#,
         "anim.json: op: the out point (10) must come after the in point (10)"),
        (#"{"fr": 30, "op": 10, "w": 20000, "h": 10, "layers": []}"#, "anim.json: w: width must be in 1…10000, got 20000"),
        (#"{"fr": 30, "op": 10, "h": 10, "layers": []}"#, "anim.json: missing width (\"w\")"),
        ("[1, 2]", "anim.json: expected a Lottie animation object, got an array"),
        ("{\"fr\": 30,\n \"op\": }", "anim.json: malformed JSON at line 2, column 8 (op): unexpected '}', expected a value"),
    ])
    func rootErrors(_ json: String, _ expected: String) {
        #expect(decodeError(json)?.description == expected)
    }

    @Test func capsAreEnforced() {
        var limits = LottieLimits()
        limits.maxLayersPerComposition = 2
        let three = #"[{"ty": 3, "ks": {}}, {"ty": 3, "ks": {}}, {"ty": 3, "ks": {}}]"#
        #expect(decodeError(lottieJSON(layers: three), limits: limits)?.description
                == "anim.json: layers: 3 layers, over the cap of 2 per composition")
        limits = LottieLimits()
        limits.maxKeyframes = 1
        #expect(decodeError(lottieJSON(layers: #"[{"ty": 3, "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 1, "s": [1]}]}}}]"#), limits: limits)?.description
                == "anim.json: layers[0].ks.r.k: 2 keyframes, over the cap of 1 per property")
        limits = LottieLimits()
        limits.maxFileBytes = 10
        #expect(decodeError(lottieJSON(layers: "[]"), limits: limits)?.message.contains("over the cap of 10 bytes") == true)
    }

    /// A zip archive (a dotLottie) given where JSON is expected: one line saying what it is.
    @Test func aZipArchiveIsNamedAsOne() {
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 26)
        #expect(throws: LottieError.self) { try LottieDecoder.decode(zip, file: "anim.json") }
        do { _ = try LottieDecoder.decode(zip, file: "anim.json") } catch {
            #expect(error.description == "anim.json: a dotLottie (zip) archive named like a JSON file; name it .lottie to open it as a dotLottie")
        }
    }

    /// A precomposition used twice by one used twice … grows exponentially: refused by its
    /// expanded layer count, quickly, not by running out of memory.
    @Test func exponentialPrecompositionsAreRefused() {
        var assets: [String] = []
        for i in 0..<30 {
            let ref = i == 29 ? #"{"ty": 3, "ks": {}}"# : #"{"ty": 0, "refId": "p\#(i + 1)", "ks": {}}"#
            assets.append(#"{"id": "p\#(i)", "layers": [\#(ref), \#(ref), \#(ref)]}"#)
        }
        let error = decodeError(lottieJSON(layers: #"[{"ty": 0, "refId": "p0", "ks": {}}]"#, assets: "[\(assets.joined(separator: ","))]"))
        #expect(error?.message.contains("over the cap of 100000 per frame") == true, "\(String(describing: error))")
    }

    /// Many shapes in a precomposition shown many times: refused by the work one frame needs.
    @Test func frameWorkIsBounded() {
        var limits = LottieLimits()
        limits.maxFrameWork = 1_000
        let shapes = "[" + Array(repeating: #"{"ty": "el"}"#, count: 40).joined(separator: ",") + "]"
        let inner = #"[{"id": "p", "layers": [\#(shapeLayer(shapes))]}]"#
        let users = "[" + Array(repeating: #"{"ty": 0, "refId": "p", "ks": {}}"#, count: 30).joined(separator: ",") + "]"
        #expect(decodeError(lottieJSON(layers: users, assets: inner), limits: limits)?.description
                == "anim.json: one frame of the root composition would evaluate 1260 layers, shapes and vertices (precompositions and repeaters expanded), over the cap of 1000")
        let few = "[" + Array(repeating: #"{"ty": 0, "refId": "p", "ks": {}}"#, count: 20).joined(separator: ",") + "]"
        #expect(decodeError(lottieJSON(layers: few, assets: inner), limits: limits) == nil)
    }

    @Test func deepPrecompositionsAreRefused() {
        var assets: [String] = []
        for i in 0..<40 {
            let ref = i == 39 ? #"{"ty": 3, "ks": {}}"# : #"{"ty": 0, "refId": "p\#(i + 1)", "ks": {}}"#
            assets.append(#"{"id": "p\#(i)", "layers": [\#(ref)]}"#)
        }
        let error = decodeError(lottieJSON(layers: #"[{"ty": 0, "refId": "p0", "ks": {}}]"#, assets: "[\(assets.joined(separator: ","))]"))
        #expect(error?.message.contains("over the cap of 32") == true, "\(String(describing: error))")
    }

    @Test func workaroundsAreWarnings() throws {
        let a = try decode(lottieJSON(layers: #"[{"ty": 3, "nm": "N", "parent": 9, "ks": {}}, {"ty": 0, "nm": "P", "refId": "missing", "ks": {}}]"#))
        #expect(a.warnings == [
            "layers[1] \"P\": its precomposition \"missing\" is not in the file's assets; the layer draws nothing",
            "layers[0] \"N\": its parent (\"ind\" 9) is not in this composition; drawn without a parent",
        ])
        #expect(a.root.layers[0].parent == nil)
    }

    @Test func specialFilesAreRefusedBeforeReading() {
        for path in ["/dev/zero", "/tmp"] {
            #expect { try LottieDecoder.load(path: path) } throws: { ($0 as! LottieError).file == path }
        }
        #expect { try LottieDecoder.load(path: "/nonexistent/a.json") } throws: {
            ($0 as! LottieError).description == "/nonexistent/a.json: no such file or directory"
        }
    }
}
