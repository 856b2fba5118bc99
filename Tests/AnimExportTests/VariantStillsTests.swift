// Issue 26's "done when": one Lottie file with a text layer, an image asset and a slot of every
// kind (LocalisationFixture.swift), one preset with a CSV of three rows — English, Japanese,
// Arabic (right to left) — renders three variants whose stills are, pixel for pixel, the stills
// of hand-edited copies of the file with each row's values written in. The edited copies carry no slots; their images are
// the row's files, so the comparison checks every override's effect, not only that it ran.
import Foundation
import Testing
import Video
@testable import AnimExport

private func write(_ text: String, to path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// A w × h PNG of one colour, with a darker left half (so a crop or stretch shows).
private func writeImage(_ path: String, width: Int, height: Int, rgb: [UInt8]) throws {
    var rgba: [UInt8] = []
    for _ in 0..<height { for x in 0..<width { rgba += (x < width / 2 ? rgb.map { $0 / 2 } : rgb) + [255] } }
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try PNGWriter.write(rgba: rgba, width: width, height: height, to: path)
}

/// The rows of the test: one per script the issue names.
let localisationRows: [(locale: String, row: CardRow)] = [
    ("en", CardRow(title: "Hello", tagline: "Fast and simple", paper: "#f2f2e6", accent: "#ff8000", alpha: 100,
                   dotSize: [8, 8], dot: [80, 80], band: ["#ff0000", "#0000ff"], logo: "img/en.png", badge: "img/b-en.png")),
    ("ja", CardRow(title: "こんにちは", tagline: "速くてシンプル", paper: "#203040", accent: "#00ffcc", alpha: 60,
                   dotSize: [20, 12], dot: [40, 70], band: ["#ffff00", "#00ffff"], logo: "img/ja.png", badge: "img/b-ja.png")),
    ("ar", CardRow(title: "مرحبا", tagline: "سريع وبسيط", paper: "#fff0f0", accent: "#3030c0", alpha: 35,
                   dotSize: [14, 14], dot: [130, 72], band: ["#10a050", "#a01050"], logo: "img/ar.png", badge: "img/b-ar.png")),
]

@Suite("VariantStills") struct VariantStillsTests {
    /// The CSV of the rows (quoted where a cell needs it).
    static func csv() -> String {
        func q(_ s: String) -> String { s.contains(",") || s.contains("\"") ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s }
        var lines = ["locale,title,tagline,paper,accent,alpha,size,dot,band,logo,badge"]
        for (locale, r) in localisationRows {
            let band = ##"[{"offset": 0, "color": "\##(r.band[0])"}, {"offset": 1, "color": "\##(r.band[1])"}]"##
            lines.append([locale, r.title, r.tagline, r.paper, r.accent, LocalisationFixture.json(r.alpha),
                          LocalisationFixture.json(r.dotSize), LocalisationFixture.json(r.dot), band,
                          "anims/" + r.logo, "anims/" + r.badge].map(q).joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// The folder: p/anims/card.json (slotted), one edited copy per row, the row images, the
    /// variants preset over rows.csv, and a preset rendering each edited copy as it is.
    static func makeFolder(_ root: String) throws {
        try write(LocalisationFixture.card(slotted: true), to: root + "/p/anims/card.json")
        try writeImage(root + "/p/anims/img/logo.png", width: 4, height: 4, rgb: [200, 30, 30])
        try writeImage(root + "/p/anims/img/badge.png", width: 4, height: 4, rgb: [30, 30, 200])
        for (k, (locale, row)) in localisationRows.enumerated() {
            // Logos of other shapes than the 20 × 20 asset: drawn covered and centred.
            try writeImage(root + "/p/anims/\(row.logo)", width: 8 + 4 * k, height: 4 + 2 * k, rgb: [20, UInt8(90 + 60 * k), 20])
            try writeImage(root + "/p/anims/\(row.badge)", width: 6, height: 6, rgb: [UInt8(60 * k), 20, 160])
            try write(LocalisationFixture.card(row, slotted: false), to: root + "/p/anims/edited-\(locale).json")
            try write(#"{"lottie": "anims/edited-\#(locale).json", "scale": 2, "outputs": [{"name": "\#(locale)/edited.png"}]}"#,
                      to: root + "/p/edited-\(locale).json")
        }
        try write("\u{FEFF}" + csv(), to: root + "/p/rows.csv")
        try write("""
            {"lottie": "anims/card.json", "variants": "rows.csv",
             "texts": {"Title": "{title}"}, "images": {"logo": "{logo}"},
             "slots": {"paper": "{paper}", "accent": "{accent}", "alpha": "{alpha}", "dotSize": "{size}", "dot": "{dot}",
                       "band": "{band}", "tagline": "{tagline}", "badge": "{badge}"},
             "scale": 2, "outputs": [{"name": "{locale}/variant.png"}, {"name": "{locale}/clip.mp4", "frames": 2}]}
            """, to: root + "/p/promo.json")
    }

    @Test func eachRowsStillIsTheHandEditedFilesStill() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try Self.makeFolder(root)
        try write(#"{"lottie": "anims/card.json", "scale": 2, "outputs": [{"name": "plain.png"}]}"#, to: root + "/p/plain.json")
        let r = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        var stills: [[UInt8]] = []
        for (locale, _) in localisationRows {
            let variant = try PNGReader.read(path: root + "/dist/\(locale)/variant.png")
            let edited = try PNGReader.read(path: root + "/dist/\(locale)/edited.png")
            #expect(variant.width == 320 && variant.height == 180)
            let differing = zip(variant.rgba, edited.rgba).filter { $0 != $1 }.count
            #expect(differing == 0, "\(locale): \(differing) bytes differ from the hand-edited file's still")
            stills.append(variant.rgba)
        }
        // The rows really differ (text, colours, images): no two stills alike.
        #expect(stills[0] != stills[1] && stills[1] != stills[2] && stills[0] != stills[2])
        // The file's own still (no overrides) is not any row's.
        #expect(try !stills.contains(PNGReader.read(path: root + "/dist/plain.png").rgba))
    }

    /// "rendered R, skipped S" of a batch summary line.
    static func counts(_ r: RunResult) -> [Int] {
        guard let line = r.stdout.split(separator: "\n").last(where: { $0.hasPrefix("rendered ") }) else { return [] }
        return Array(line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.prefix(2))
    }

    @Test func rowsTimesOutputsAreListedShardedAndRerenderedPerRow() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try Self.makeFolder(root)
        for locale in ["en", "ja", "ar"] { try FileManager.default.removeItem(atPath: root + "/p/edited-\(locale).json") }
        // --dry-run: 3 rows × 2 outputs, each with its row.
        let dry = try run(["batch", "p", "--out", "dist", "--dry-run"], cwd: root)
        #expect(dry.status == 0, "\(dry.stderr)")
        let listed = dry.stdout.split(separator: "\n").filter { $0.hasPrefix("render ") }
        #expect(listed.count == 6, "\(dry.stdout)")
        #expect(listed.contains { $0.contains("ja/variant.png") && $0.contains("row 3 (locale=ja") }, "\(dry.stdout)")
        // Two shards partition the six outputs.
        var shardNames: [String] = []
        for k in 1...2 {
            let s = try run(["batch", "p", "--out", "dist", "--dry-run", "--shard", "\(k)/2"], cwd: root)
            shardNames += s.stdout.split(separator: "\n").filter { $0.hasPrefix("render ") }.map { String($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
        }
        #expect(shardNames.sorted() == ["ar/clip.mp4", "ar/variant.png", "en/clip.mp4", "en/variant.png", "ja/clip.mp4", "ja/variant.png"])
        let first = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(Self.counts(first) == [6, 0], "\(first.stdout)\n\(first.stderr)")
        #expect(try decodedPixels(root + "/dist/ja/clip.mp4", at: [(2, 2)]).count == 2)
        let manifest = try Manifest.read(root + "/dist/manifest.json")
        #expect(manifest.outputs["ar/variant.png"]?.variant?.row == 4)
        #expect(manifest.outputs["ar/variant.png"]?.variant?.cells["title"] == "مرحبا")
        // Edit the Japanese row's title only: its two outputs render again, the others are skipped.
        let csv = try String(contentsOfFile: root + "/p/rows.csv", encoding: .utf8).replacingOccurrences(of: "こんにちは", with: "こんばんは")
        try write(csv, to: root + "/p/rows.csv")
        let again = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(Self.counts(again) == [2, 4], "\(again.stdout)")
        #expect(again.stdout.contains("rendered") && again.stdout.split(separator: "\n").filter { $0.hasPrefix("rendered ") && $0.contains("/") }.allSatisfy { $0.contains("ja/") })
        // A row whose text no font has fails alone, naming the row and the character.
        try write(csv.replacingOccurrences(of: "مرحبا", with: "\u{10FFFD}"), to: root + "/p/rows.csv")
        let uncovered = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(uncovered.status != 0)
        let line = uncovered.stdout.split(separator: "\n").first { $0.contains("ar/variant.png") && $0.contains("FAILED") } ?? ""
        #expect(line.contains("row 4 (locale=ar") && line.contains("U+10FFFD"), "\(uncovered.stdout)")
        #expect(Self.counts(uncovered).first == 0, "\(uncovered.stdout)")    // ja and en unchanged: skipped
        // A single render of a preset with variants is refused, naming how to render it.
        let single = try run(["pulse", "--preset", "p/promo.json", "one.mp4"], cwd: root)
        #expect(single.status != 0 && single.stderr.contains("variants") && single.stderr.contains("batch"), "\(single.stderr)")
    }

    @Test func flagsOverrideAOneOffStillAsTheTableDoes() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try Self.makeFolder(root)
        let (_, r) = localisationRows[1]
        let band = ##"[{"offset": 0, "color": "\##(r.band[0])"}, {"offset": 1, "color": "\##(r.band[1])"}]"##
        let flags = ["--text", "Title=\(r.title)", "--image", "logo=anims/\(r.logo)", "--slot", "badge=anims/\(r.badge)",
                     "--slot", "paper=\(r.paper)", "--slot", "accent=\(r.accent)", "--slot", "alpha=\(Int(r.alpha))",
                     "--slot", "dotSize=\(LocalisationFixture.json(r.dotSize))", "--slot", "dot=\(LocalisationFixture.json(r.dot))",
                     "--slot", "band=\(band)", "--slot", "tagline=\(r.tagline)"]
        let a = try run(["still", "anims/card.json", "--scale", "2", "flags.png"] + flags, cwd: root + "/p")
        let b = try run(["still", "anims/edited-ja.json", "--scale", "2", "edited.png"], cwd: root + "/p")
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        #expect(try PNGReader.read(path: root + "/p/flags.png").rgba == PNGReader.read(path: root + "/p/edited.png").rgba)
        let bad = try run(["still", "anims/card.json", "x.png", "--slot", "nope=1"], cwd: root + "/p")
        #expect(bad.status == 2 && bad.stderr.contains(#"slots."nope": matches nothing"#), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/p/x.png"))
    }

    @Test func sceneParametersTakeTheRowsCells() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write("""
            {"animation": "heart", "variants": [{"who": "Ana", "c": "#FF0000"}, {"who": "Bo", "c": "#00AAFF"}],
             "seconds": 0.1, "fps": 10, "scale": 1, "parameters": {"label": "Hello {who}", "labelColor": "{c}"},
             "outputs": [{"name": "{who}.png"}]}
            """, to: root + "/p/hearts.json")
        let r = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        // The label (rows 40–60 of 180) in each row's colour: #00AAFF pixels only in Bo's still.
        func labelPixels(_ name: String, _ rgb: [Int]) throws -> Int {
            let png = try PNGReader.read(path: root + "/dist/\(name).png")
            var n = 0
            for y in 40..<60 { for x in 0..<png.width {
                let o = (y * png.width + x) * 4
                if zip(png.rgba[o..<o + 3].map(Int.init), rgb).allSatisfy({ abs($0 - $1) <= 8 }) { n += 1 }
            } }
            return n
        }
        #expect(try labelPixels("Bo", [0, 0xAA, 0xFF]) > 50 && labelPixels("Ana", [0, 0xAA, 0xFF]) == 0)
        #expect(try labelPixels("Ana", [0xFF, 0, 0]) > 50)
    }

    @Test func overridesThatMatchNothingOrHaveTheWrongKindAreRefused() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try write(LocalisationFixture.card(slotted: true), to: root + "/p/anims/card.json")
        try writeImage(root + "/p/anims/img/logo.png", width: 4, height: 4, rgb: [200, 30, 30])
        try writeImage(root + "/p/anims/img/badge.png", width: 4, height: 4, rgb: [30, 30, 200])
        let cases: [(String, String)] = [
            (#""texts": {"Missing": "x"}"#, #"texts."Missing": matches nothing"#),
            (#""texts": {"Logo": "x"}"#, "none a text layer"),
            (#""slots": {"nope": 1}"#, #"slots."nope": matches nothing"#),
            (##""slots": {"alpha": "#ff0000"}"##, ##"slot "alpha": layers[4].ks.o is a scalar property; expected a number, got "#ff0000""##),
            (#""slots": {"paper": 3}"#, "is a color property; expected a colour"),
            (##""slots": {"band": [{"offset": 1, "color": "#ff0000"}, {"offset": 0, "color": "#00ff00"}]}"##, "stops in order of offset"),
            (#""images": {"nothing": "anims/img/logo.png"}"#, #"images."nothing": matches nothing"#),
            (#""images": {"logo": "../outside.png"}"#, "an image file inside"),
            (#""slots": {"badge": 5}"#, "is an image slot"),
            (#""texts": {"Title": "\uDBFF\uDFFD"}"#, "no glyph"),
        ]
        for (k, (keys, message)) in cases.enumerated() {
            try write(#"{"lottie": "anims/card.json", \#(keys), "outputs": [{"name": "o\#(k).png"}]}"#, to: root + "/p/case\(k).json")
        }
        let r = try run(["batch", "p", "--out", "dist"], cwd: root)
        #expect(r.status != 0)
        for (k, (_, message)) in cases.enumerated() {
            let line = r.stdout.split(separator: "\n").first { $0.contains("p/case\(k).json") } ?? ""
            #expect(line.contains(message), "case \(k): \(line)")
            #expect(!FileManager.default.fileExists(atPath: root + "/dist/o\(k).png"))
        }
    }
}
