// Slot values given from outside the file (Lottie/Decoding/SlotValues.swift, TextSlotDecoding.swift):
// for each slot type, the file decoded with the value renders pixel for pixel like a copy of the
// JSON edited by hand (the property's value written in), and unlike the file's own; a text slot
// keeps the document's other style; an unknown id, a value of the wrong type and a gradient of
// the wrong stop count are errors naming the slot.
import Foundation
@testable import Lottie
import Raster
import Render
import Testing

@Suite struct SlotValueTests {
    /// 40 × 40: a square (size "size" vector, fill "paint" colour, opacity "alpha" scalar) in a layer
    /// placed at "where" (position), and a linear gradient bar ("grad", 2 stops) along the bottom.
    /// `edit` replaces a property text: the keys are "size", "paint", "alpha", "where", "grad".
    static func file(_ edit: [String: String] = [:]) -> String {
        func p(_ key: String, _ own: String) -> String { edit[key] ?? #"{"sid":"\#(key)","a":0,"k":\#(own)}"# }
        return """
        {"v":"5.7.0","fr":10,"ip":0,"op":10,"w":40,"h":40,"assets":[],"layers":[
          {"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{"p":\(p("where", "[10,10]"))},"shapes":[
            {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":\(p("size", "[8,8]")),"r":{"a":0,"k":0}},
              {"ty":"fl","c":\(p("paint", "[1,0,0,1]")),"o":\(p("alpha", "100"))},{"ty":"tr"}]}]},
          {"ty":4,"ind":2,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
            {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[20,36]},"s":{"a":0,"k":[40,8]},"r":{"a":0,"k":0}},
              {"ty":"gf","t":1,"s":{"a":0,"k":[0,36]},"e":{"a":0,"k":[40,36]},"o":{"a":0,"k":100},
               "g":{"p":2,"k":\(p("grad", "[0,0,0,0,1,1,1,1]"))}},{"ty":"tr"}]}]}]}
        """
    }

    static func render(_ json: String, slots: [String: LottieSlotInput] = [:]) throws -> [UInt8] {
        let animation = try LottieDecoder.decode(Array(json.utf8), file: "slots.json", slots: slots)
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: Int(animation.width), height: Int(animation.height))
        Renderer().render(list, background: .clear, transform: .identity, on: canvas)
        return canvas.straightRGBA8()
    }

    static let blue = RGBA(r: 0, g: 0, b: 1, a: 1)
    static let blueInput = LottieSlotInput.string("#0000ff")
    static func numbers(_ n: [Double]) -> LottieSlotInput { .array(n.map { .number($0) }) }

    @Test func everyPropertySlotRendersAsTheHandEditedFile() throws {
        let cases: [(id: String, value: LottieSlotInput, edited: String)] = [
            ("paint", Self.blueInput, #"{"a":0,"k":[0,0,1,1]}"#),
            ("alpha", .number(40), #"{"a":0,"k":40}"#),
            ("size", Self.numbers([16, 4]), #"{"a":0,"k":[16,4]}"#),
            ("where", Self.numbers([25, 12]), #"{"a":0,"k":[25,12]}"#),
            ("grad", .array([.object(["offset": .number(0), "color": .string("#ff0000")]),
                             .object(["offset": .number(1), "color": .string("#00ff0080")])]),
             #"{"a":0,"k":[0,1,0,0,1,0,1,0,0,1,1,0.5019607843137255]}"#),
        ]
        let own = try Self.render(Self.file())
        for c in cases {
            let slotted = try Self.render(Self.file(), slots: [c.id: c.value])
            let edited = try Self.render(Self.file([c.id: c.edited]))
            #expect(slotted == edited, "slot \(c.id)")
            #expect(slotted != own, "slot \(c.id) changed nothing")
        }
        // All at once, and an animated property becomes the constant.
        let animated = #"{"sid":"where","a":1,"k":[{"t":0,"s":[0,0],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":10,"s":[40,40]}]}"#
        let all = Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0.value) })
        let edits = Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0.edited) })
        #expect(try Self.render(Self.file(["where": animated]), slots: all) == Self.render(Self.file(edits)))
    }

    @Test func theFileSlotTableIsReplacedAndInventoried() throws {
        // The file's table defines "paint" green; the given value wins; `slots` lists every kind.
        let json = Self.file().replacingOccurrences(of: #""assets":[]"#,
            with: #""assets":[],"slots":{"paint":{"p":{"a":0,"k":[0,1,0,1]}}}"#)
        let a = try LottieDecoder.decode(Array(json.utf8), file: "s.json", slots: ["paint": Self.blueInput])
        #expect(Dictionary(uniqueKeysWithValues: a.slots.map { ($0.id, $0.kinds) })
                == ["where": ["position"], "size": ["vector"], "paint": ["color"], "alpha": ["scalar"], "grad": ["gradient"]])
        #expect(try Self.render(json, slots: ["paint": Self.blueInput]) == Self.render(Self.file(["paint": #"{"a":0,"k":[0,0,1,1]}"#])))
    }

    func message(_ slots: [String: LottieSlotInput]) -> String {
        do { _ = try LottieDecoder.decode(Array(Self.file().utf8), file: "s.json", slots: slots); return "" } catch {
            return error.description
        }
    }

    @Test func wrongKindsAreErrorsNamingTheSlotAndProperty() {
        #expect(message(["alpha": Self.blueInput]).contains(#"slot "alpha": layers[0].shapes[0].it[1].o is a scalar property; expected a number"#), "\(message(["alpha": Self.blueInput]))")
        #expect(message(["paint": .number(3)]).contains(#"slot "paint":"#) && message(["paint": .number(3)]).contains("expected a colour"))
        #expect(message(["size": .string("x")]).contains(#"slot "size":"#) && message(["size": .string("x")]).contains("expected [x, y] or [x, y, z]"))
        #expect(message(["grad": .array([])]).contains(#"slot "grad":"#))
        // Ids the file never uses are the caller's to refuse (AnimExport names the preset key).
        #expect(message(["nope": .number(1)]) == "")
    }

    // MARK: Text documents

    /// The glyph fixture ("AB", size 50, red) with a `sid` on its document.
    static func textFile(_ document: String = #""s":50,"f":"Test-Regular","t":"AB","j":0,"tr":200,"lh":60,"ls":0,"fc":[1,0,0]"#,
                         sid: Bool = true) throws -> String {
        let own = try String(contentsOfFile: "\(lottieFixtures)/text-glyphs.json", encoding: .utf8)
        let original = #""d":{"k":[{"s":{"s":50,"f":"Test-Regular","t":"AB","j":0,"tr":200,"lh":60,"ls":0,"fc":[1,0,0]},"t":0}]}"#
        #expect(own.contains(original))
        return own.replacingOccurrences(of: original, with: #""d":{\#(sid ? #""sid":"title","# : "")"k":[{"s":{\#(document)},"t":0}]}"#)
    }

    @Test func aTextSlotReplacesTheTextKeepingTheStyle() throws {
        let value = LottieSlotInput.object(["text": .string("BA"), "size": .number(40), "fill": Self.blueInput])
        let a = try LottieDecoder.decode(Array(try Self.textFile().utf8), file: "t.json", slots: ["title": value])
        guard case .text(let content) = a.compositions[0].layers[0].content else { Issue.record("not a text layer"); return }
        let doc = content.documents.documents[0]
        #expect(doc.text == "BA" && doc.size == 40 && doc.fillColor == Self.blue && doc.tracking == 200 && doc.isReplaced)
        #expect(a.slots.map(\.kinds) == [["text"]])
        let slotted = try Self.render(try Self.textFile(), slots: ["title": value])
        let edited = try Self.render(try Self.textFile(#""s":40,"f":"Test-Regular","t":"BA","j":0,"tr":200,"lh":60,"ls":0,"fc":[0,0,1]"#, sid: false))
        #expect(slotted == edited)
        #expect(slotted != (try Self.render(try Self.textFile())))
        // A text is not a colour.
        do { _ = try LottieDecoder.decode(Array(try Self.textFile().utf8), file: "t.json", slots: ["title": .number(3)]); Issue.record("accepted") }
        catch { #expect("\(error)".contains(#"slot "title":"#) && "\(error)".contains("is a text property"), "\(error)") }
    }
}

/// An archive held in memory: entry name → bytes.
private struct MemoryArchive: LottieArchive {
    var entries: [String: String]
    var entryNames: [String] { entries.keys.sorted() }
    func read(_ name: String) throws -> [UInt8] {
        guard let text = entries[name] else { throw LottieError(file: name, path: "", message: "no such entry") }
        return Array(text.utf8)
    }
}

@Suite struct DotLottieThemeTests {
    static func numbers(_ n: [Double]) -> LottieSlotInput { .array(n.map { .number($0) }) }
    static func archive(_ theme: String) throws -> DotLottie {
        try DotLottie(MemoryArchive(entries: [
            "manifest.json": #"{"version": "2", "animations": [{"id": "main"}], "themes": [{"id": "dark"}]}"#,
            "a/main.json": SlotValueTests.file(),
            "t/dark.json": theme,
        ]), file: "t.lottie")
    }

    @Test func aThemesRulesAreSlotValuesRenderedAsTheHandEditedFile() throws {
        let dot = try Self.archive("""
            {"rules": [{"id": "paint", "type": "Color", "value": [0, 0, 1, 1]},
                       {"id": "alpha", "type": "Scalar", "value": 40},
                       {"id": "where", "type": "Position", "value": [25, 12]},
                       {"id": "size", "type": "Vector", "value": [16, 4], "animations": ["other"]},
                       {"id": "grad", "type": "Gradient", "value": [{"color": [1, 0, 0, 1], "offset": 0}, {"color": [0, 1, 0, 1], "offset": 1}]}]}
            """)
        #expect(dot.themeIDs == ["dark"])
        let slots = try dot.themeSlots(id: "dark", animationID: nil)
        #expect(slots.count == 4 && slots["paint"] == Self.numbers([0, 0, 1, 1]) && slots["size"] == nil)
        let a = try dot.animation(id: nil, slots: slots)
        var list = DisplayList()
        LottieBuilder(a).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 40, height: 40)
        Renderer().render(list, background: .clear, transform: .identity, on: canvas)
        let edited = try SlotValueTests.render(SlotValueTests.file([
            "paint": #"{"a":0,"k":[0,0,1,1]}"#, "alpha": #"{"a":0,"k":40}"#, "where": #"{"a":0,"k":[25,12]}"#,
            "grad": #"{"a":0,"k":[0,1,0,0,1,0,1,0]}"#]))
        #expect(canvas.straightRGBA8() == edited)
        #expect(edited != (try SlotValueTests.render(SlotValueTests.file())))
    }

    @Test func unknownThemesAndUnsupportedRulesAreErrors() throws {
        let dot = try Self.archive(#"{"rules": [{"id": "paint", "type": "Image", "value": {"id": "x"}}]}"#)
        do { _ = try dot.themeSlots(id: "light", animationID: nil); Issue.record("accepted") } catch {
            #expect(error.description.contains(#"theme "light" is not in the archive (its themes: "dark")"#), "\(error)")
        }
        do { _ = try dot.themeSlots(id: "dark", animationID: nil); Issue.record("accepted") } catch {
            #expect(error.description.contains(#"t.lottie:t/dark.json"#) && error.description.contains(#"rule "paint": "Image" rules are not supported"#), "\(error)")
        }
        let keyed = try Self.archive(#"{"rules": [{"id": "alpha", "type": "Scalar", "keyframes": [{"frame": 0, "value": 1}]}]}"#)
        #expect(throws: LottieError.self) { try keyed.themeSlots(id: "dark", animationID: nil) }
    }
}
