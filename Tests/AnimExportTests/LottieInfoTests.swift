// `animexport info FILE.json [--json]` on real files and broken ones (through the binary).
import Foundation
import Testing

private let lottieFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("LottieTests/Fixtures")

@Suite struct LottieInfoTests {
    @Test func textDescribesTheFile() throws {
        let r = try run(["info", lottieFixtures.appendingPathComponent("timeremap.json").path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("size        300 × 300 pt"))
        #expect(r.stdout.contains("frame rate  23.9759979248047 fps"))
        #expect(r.stdout.contains("duration    2.044 s"))
        #expect(r.stdout.contains("layers      5 (1 precomposition)"))
        #expect(r.stdout.contains("not supported: nothing"))
    }

    @Test func jsonListsWhatIsNotSupported() throws {
        let unsupportedFile = lottieFixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LottieRenderTests/Fixtures/unsupported.json")
        let r = try run(["info", "--json", unsupportedFile.path])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let unsupported = object["unsupported"] as! [[String: Any]]
        #expect(unsupported.contains { $0["feature"] as? String == "unequal horizontal and vertical mask feather" && !(($0["where"] as? [String]) ?? []).isEmpty })
        #expect((object["frameRate"] as? Double).map { $0 > 0 } == true)
        #expect(object["layers"] as? Int == 1)
    }

    @Test func brokenFilesAreOneLineAndExitTwo() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let bad = folder + "/anim.json"
        try #"{"fr": 30, "op": 10, "w": 10, "h": 10, "layers": [{"ty": 4, "ks": {}, "shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"v": "x"}}}]}]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try run(["info", bad])
        #expect(r.status == 2)
        #expect(r.stderr == "animexport: \(bad): layers[0].shapes[0].ks.k.v: expected an array of [x, y] points, got a string\n")
        #expect(r.stdout.isEmpty)
        let zero = try run(["info", "/dev/zero"])
        #expect(zero.status == 2 && zero.stderr.contains("not a regular file"))
        let usage = try run(["info", "a.json", "b.json"])
        #expect(usage.status == 2 && usage.stderr.contains("expected one FILE.json"))
    }

    /// A 100 × 100 file: a full-canvas rectangle at 1 % opacity repeated `inner` × `outer`
    /// times in place (scripts/hostile-lottie.py overdraw, small).
    static func overdraw(_ inner: Int, _ outer: Int) -> String {
        let rp = { (n: Int) in #"{"ty":"rp","c":{"a":0,"k":\#(n)},"o":{"a":0,"k":0},"m":1,"tr":{"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}"# }
        let group = #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":1}},\#(rp(inner)),{"ty":"tr"}]}"#
        return #"{"v":"5.7.4","fr":30,"ip":0,"op":2,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"nm":"overdraw","ip":0,"op":2,"st":0,"ks":{},"shapes":[\#(group),\#(rp(outer))]}]}"#
    }

    @Test func infoForecastsTheFramesBudget() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        // 3 × 1 copies: three passes over the frame; the display list 2 nodes and 4 vertices a
        // copy, the group, the outer copy and the layer a node each: 1024 · 9 + 170 · 12 bytes.
        try Self.overdraw(3, 1).write(toFile: folder + "/three.json", atomically: true, encoding: .utf8)
        let text = try run(["info", folder + "/three.json"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("display list ≈ 12 KB of 1.0 GB"), "\(text.stdout)")
        #expect(text.stdout.contains("paint at most 3.0 × the frame's area (frame 0; cap 4096)"), "\(text.stdout)")
        // Each copy's left edge crosses every row (its right edge lies on the canvas's right
        // side, which the scan cuts off): three edges per pixel row.
        #expect(text.stdout.contains("scan at most 3.0 edges per pixel row (frame 0; cap 131072)"), "\(text.stdout)")
        #expect(!text.stdout.contains("refused"))
        let json = try run(["info", "--json", folder + "/three.json"])
        let budget = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["budget"] as? [String: Any])
        #expect(budget["memoryBytes"] as? Double == Double(1024 * 9 + 170 * 12))
        #expect(budget["paintFrames"] as? Double == 3 && budget["framesDrawn"] as? Int == 2 && budget["refused"] == nil)
        #expect(budget["scanEdgesPerRow"] as? Double == 3 && budget["scanCap"] as? Int == 131_072)
        // 65 × 65 copies: 4 225 passes, over the paint cap — named before any export.
        try Self.overdraw(65, 65).write(toFile: folder + "/over.json", atomically: true, encoding: .utf8)
        let over = try run(["info", folder + "/over.json"])
        #expect(over.status == 0, "\(over.stderr)")
        #expect(over.stdout.contains(#"refused: frame 0 would stop an export: layers[0] "overdraw": the frame's fills, strokes and off-screen layers wrote "#)
                    && over.stdout.contains("more than 4096 times the frame's area"), "\(over.stdout)")
        // A file over the memory cap is refused by info as by a render (exit 2, one line).
        let memory = lottieFixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LottieRenderTests/Fixtures/bounds-frame-memory.json").path
        let refused = try run(["info", memory])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr == "animexport: \(memory): one frame of the root composition would need about 2.2 GB for its shapes (styles × the paths they draw, repeaters and precompositions expanded; the most, 273 MB, for layers[0] \"copies 0\"), over the cap of 1.0 GB per frame\n",
                "\(refused.stderr)")
    }

    /// Issue 25 item 3: what a preset needs, from a file written for it (every value below is
    /// read off the JSON): colour paths, slots, text layers, fonts, images, markers.
    static let presetFixture = #"""
    {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,"nm":"info fixture",
     "slots":{"brand":{"p":{"a":0,"k":[1,0,0,1]}}},
     "assets":[{"id":"img_0","w":1,"h":1,"u":"","e":1,"p":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="},
      {"id":"comp_0","layers":[{"ty":4,"nm":"Inner","ind":1,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},"shapes":[{"ty":"rc","nm":"R","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},{"ty":"fl","nm":"Fill A/B","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}}]}]}],
     "fonts":{"list":[{"fName":"Glyphs-Bold","fFamily":"Glyph Family","fStyle":"Bold","ascent":70},{"fName":"DejaVuSans-Bold","fFamily":"DejaVu Sans","fStyle":"Bold"},{"fName":"Nowhere-Regular","fFamily":"Nowhere Sans Qx","fStyle":"Regular"}]},
     "chars":[{"ch":"H","size":100,"style":"Bold","w":60,"fFamily":"Glyph Family","data":{"shapes":[]}},{"ch":"i","size":100,"style":"Bold","w":30,"fFamily":"Glyph Family","data":{"shapes":[]}}],
     "markers":[{"cm":"intro","tm":0,"dr":30},{"cm":"loop","tm":30,"dr":29.5}],
     "layers":[
      {"ty":4,"nm":"Hero","ind":1,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},"shapes":[{"ty":"gr","nm":"Body","it":[
        {"ty":"rc","nm":"Box","s":{"a":0,"k":[20,20]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},
        {"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0.2,0.4,1],"sid":"brand"},"o":{"a":0,"k":50,"sid":"alpha"}},
        {"ty":"st","nm":"Stroke 1","c":{"a":1,"k":[{"t":0,"s":[0,0,0,1]},{"t":30,"s":[1,1,1,1]}]},"o":{"a":0,"k":100},"w":{"a":0,"k":2},"lc":1,"lj":1},
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]},
      {"ty":1,"nm":"Back","ind":2,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},"sc":"#336699","sw":100,"sh":80},
      {"ty":0,"nm":"Card","ind":3,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},"refId":"comp_0","w":100,"h":80},
      {"ty":5,"nm":"Title","ind":4,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi!","f":"Glyphs-Bold","s":20,"fc":[0,0,0]}}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}},
      {"ty":5,"nm":"Sub","ind":5,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},"t":{"d":{"k":[{"t":0,"s":{"t":"ok","f":"DejaVuSans-Bold","s":10,"fc":[0,0,0]}},{"t":30,"s":{"t":"go","f":"Nowhere-Regular","s":10,"fc":[0,0,0]}}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}},
      {"ty":2,"nm":"Logo","ind":6,"ip":0,"op":60,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},"refId":"img_0"}]}
    """#

    func infoJSON(_ path: String) throws -> [String: Any] {
        let r = try run(["info", "--json", path])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    /// `key` of each object of `list`, as text ("null" for JSON null).
    func column(_ list: Any?, _ key: String) -> [String] {
        ((list as? [[String: Any]]) ?? []).map { o in o[key].map { $0 is NSNull ? "null" : "\($0)" } ?? "absent" }
    }

    /// `key` of each object of `list` as a number (-1 when it is not one).
    func doubles(_ list: Any?, _ key: String) -> [Double] {
        ((list as? [[String: Any]]) ?? []).map { $0[key] as? Double ?? -1 }
    }

    /// Equal within 1e-12 (the seconds are quotients; JSON round trips their last digit).
    func close(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-12 } }

    @Test func jsonListsWhatAPresetNeeds() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let file = folder + "/anim.json"
        try Self.presetFixture.write(toFile: file, atomically: true, encoding: .utf8)
        let o = try infoJSON(file)
        // Colour paths in file order: the slot's table value replaced the fill's own colour;
        // "/" in a name is escaped as a colors key must write it; text and image layers have none.
        #expect(column(o["colorPaths"], "path") == ["Hero/Body/Fill 1", "Hero/Body/Stroke 1", "Back", #"Card/Inner/Fill A\/B"#])
        #expect(column(o["colorPaths"], "kind") == ["fill", "stroke", "solid", "fill"])
        #expect(column(o["colorPaths"], "color") == ["#FF0000", "animated", "#336699", "#0000FF"])
        // Slots: "brand" from the table, "alpha" only on the property (its own value, 50).
        let slots = try #require(o["slots"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: slots.map { ($0["id"] as! String, $0) })
        #expect(Set(byID.keys) == ["brand", "alpha"])
        #expect(byID["brand"]?["kinds"] as? [String] == ["color"] && byID["brand"]?["default"] as? String == "#FF0000")
        #expect(byID["brand"]?["defined"] as? Bool == true && byID["brand"]?["where"] as? [String] == ["layers[0].shapes[0].it[1].c"])
        #expect(byID["alpha"]?["kinds"] as? [String] == ["scalar"] && byID["alpha"]?["value"] as? [Double] == [50])
        #expect(byID["alpha"]?["defined"] as? Bool == false)
        // Text layers and their fonts.
        #expect(column(o["textLayers"], "name") == ["Title", "Sub"])
        #expect((o["textLayers"] as? [[String: Any]])?.map { $0["texts"] as? [String] ?? [] } == [["Hi!"], ["ok", "go"]])
        #expect(column(o["fonts"], "name") == ["Glyphs-Bold", "DejaVuSans-Bold", "Nowhere-Regular"])
        #expect(column(o["fonts"], "status") == ["embedded", "installed", "missing"])
        #expect(column(o["fonts"], "glyphs") == ["2", "0", "0"])
        #expect((o["fonts"] as? [[String: Any]])?.first?["missingGlyphs"] as? [String] == ["!"])
        let fonts = try #require(o["fonts"] as? [[String: Any]])
        #expect((fonts[1]["file"] as? String)?.hasSuffix("/DejaVuSans-Bold.ttf") == true, "\(fonts[1])")
        let substitute = fonts[2]["substitute"] as? String
        #expect(substitute != nil && substitute?.hasPrefix("Nowhere") == false, "\(fonts[2])")
        #expect((o["substitutedFonts"] as? [String])?.count == 2)
        // Images and markers.
        #expect(column(o["images"], "id") == ["img_0"] && column(o["images"], "embedded") == ["1"])
        #expect(column(o["images"], "width") == ["1"] && column(o["images"], "file") == ["null"])
        #expect(column(o["markers"], "name") == ["intro", "loop"])
        #expect(column(o["markers"], "frame") == ["0", "30"] && column(o["markers"], "duration") == ["30", "29.5"])
        let seconds: [Double] = [1, 29.5 / 30]
        #expect(close(doubles(o["markers"], "start"), [0, 1]) && close(doubles(o["markers"], "seconds"), seconds), "\(doubles(o["markers"], "seconds"))")

        // The text form says the same, and never "nothing" while text is drawn in a substitute.
        let text = try run(["info", file])
        #expect(text.status == 0)
        #expect(!text.stdout.contains("not supported: nothing"), "\(text.stdout)")
        for line in ["    Hero/Body/Fill 1  fill #FF0000", #"    Card/Inner/Fill A\/B  fill #0000FF"#, "    brand  color #FF0000, used 1×",
                     "    alpha  scalar 50 (not in the slots table: the property's own value), used 1×",
                     "    layers[4] \"Sub\": \"ok\", \"go\" in DejaVuSans-Bold, Nowhere-Regular",
                     "    Glyphs-Bold (Glyph Family Bold)  embedded, 2 glyphs; no glyph for '!'",
                     "    img_0  1 × 1, embedded",
                     "    loop  frame 30, 29.5 frames (1.000 s, 0.983 s long)"] {
            #expect(text.stdout.contains(line + "\n"), "\(line)\n\(text.stdout)")
        }
    }

    /// Real files (lottie-ios' samples, two kept in LottieTests/Fixtures): embedded glyphs, and
    /// the same text with a font this machine does not have.
    @Test func realTextFilesTellWhereTheGlyphsComeFrom() throws {
        let glyphs = try infoJSON(lottieFixtures.appendingPathComponent("Text_Glyph.json").path)
        #expect(column(glyphs["fonts"], "status") == ["embedded"] && column(glyphs["fonts"], "glyphs") == ["6"])
        #expect((glyphs["fonts"] as? [[String: Any]])?.first?["missingGlyphs"] as? [String] == [])
        #expect((glyphs["textLayers"] as? [[String: Any]])?.first?["texts"] as? [String] == ["TEXT", "LATER"])
        #expect((glyphs["substitutedFonts"] as? [String]) == [])
        let path = lottieFixtures.appendingPathComponent("Text_NoGlyph.json").path
        let none = try infoJSON(path)
        #expect(column(none["fonts"], "name") == ["AvenirNext-Medium"] && column(none["fonts"], "status") == ["missing"])
        #expect(column(none["fonts"], "family") == ["Avenir Next"] && column(none["fonts"], "style") == ["Medium"])
        let text = try run(["info", path])
        #expect(!text.stdout.contains("not supported: nothing") && text.stdout.contains("font AvenirNext-Medium (Avenir Next Medium) is not installed: missing: drawn in '"), "\(text.stdout)")
    }

    /// The team's corpus (when present): markers of lottie-ios' TwitterHeartButton, ThorVG's slot example.
    @Test(.enabled(if: infoCorpus("lottie/samples") != nil, "no Lottie corpus (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func corpusMarkers() throws {
        let o = try infoJSON(infoCorpus("lottie/samples")! + "/TwitterHeartButton.json")
        #expect(column(o["markers"], "name") == ["touchUpCancel", "touchDownStart", "touchDownEnd", "touchUpEnd"])
        #expect(column(o["markers"], "frame") == ["1", "33", "38", "104"] && column(o["markers"], "duration") == ["0", "0", "0", "0"])
        let starts: [Double] = [1.0 / 60, 33.0 / 60, 38.0 / 60, 104.0 / 60]
        #expect(close(doubles(o["markers"], "start"), starts), "\(doubles(o["markers"], "start"))")
        let first = try infoJSON(infoCorpus("lottie/samples")! + "/Nonanimating/FirstText.json")
        #expect(column(first["fonts"], "status") == ["embedded"] && column(first["fonts"], "glyphs") == ["8"])
    }

    @Test(.enabled(if: infoCorpus("corpus/thorvg") != nil, "no ThorVG corpus"))
    func thorvgSlots() throws {
        let o = try infoJSON(infoCorpus("corpus/thorvg")! + "/extensions/slot0.json")
        let slots = try #require(o["slots"] as? [[String: Any]])
        let byID = Dictionary(uniqueKeysWithValues: slots.map { ($0["id"] as! String, $0) })
        #expect(Set(byID.keys) == ["ball_rotation", "ball_size", "ball_color", "ball_opacity", "bg_color", "bg_size"], "\(byID.keys)")
        #expect(byID["bg_size"]?["kinds"] as? [String] == ["vector"] && byID["bg_size"]?["value"] as? [Double] == [1080, 1080])
        #expect(byID["ball_color"]?["kinds"] as? [String] == ["color"] && byID["ball_color"]?["default"] as? String == "animated")
        #expect(byID["ball_opacity"]?["kinds"] as? [String] == ["scalar"] && byID["ball_opacity"]?["defined"] as? Bool == true)
        #expect(byID["bg_color"]?["default"] as? String == "#FFFFFF" && byID["bg_color"]?["defined"] as? Bool == true)
        #expect(byID["ball_size"]?["kinds"] as? [String] == ["vector"] && byID["ball_size"]?["value"] as? [Double] == [270, 270])
        #expect(byID["ball_size"]?["defined"] as? Bool == false && byID["ball_rotation"]?["default"] as? String == "animated")
    }
}

/// The folder `sub` ("lottie/samples", "corpus/thorvg") in an ancestor of the repository or in
/// a folder beside one (where the team's data sits; worktrees sit deeper), or
/// $ANIMEXPORT_LOTTIE_CORPUS for the samples; nil when there is none.
func infoCorpus(_ sub: String) -> String? {
    let fm = FileManager.default
    var candidates: [String] = []
    if let env = ProcessInfo.processInfo.environment["ANIMEXPORT_LOTTIE_CORPUS"], sub == "lottie/samples" { candidates.append(env) }
    var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for _ in 0..<3 {
        dir = dir.deletingLastPathComponent()
        candidates.append(dir.path + "/" + sub)
        for s in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() { candidates.append(dir.path + "/" + s + "/" + sub) }
    }
    return candidates.first { fm.fileExists(atPath: $0) }
}
