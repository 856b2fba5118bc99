// Replaced text (issue 26 item 3, Build/TextFit.swift, Build/TextBidi.swift): which face draws a
// replaced text (the file's chars only when they cover it, else the named installed font — the
// pixels equal those of the same file drawn without chars), a character no font covers is a
// structured error (a warning in original text), box overflow is a warning, `fit: shrink` finds
// the largest size within 1 % that fits (its ink inside the box), and Japanese, Hebrew and Arabic
// replacement texts are drawn in visual order (the set outlines equal HarfBuzz's shaped line).
import Foundation
import Geometry
@testable import Lottie
import Raster
import Render
import Testing

/// The file decoded with every text document replaced by `text` (isReplaced, `fit`).
func replaced(_ json: String, _ text: String, fit: TextFit = .keep) throws -> LottieAnimation {
    var animation = try LottieDecoder.decode(Array(json.utf8), file: "r.json")
    for c in animation.compositions.indices {
        for l in animation.compositions[c].layers.indices {
            guard case .text(var content) = animation.compositions[c].layers[l].content else { continue }
            for d in content.documents.documents.indices {
                content.documents.documents[d].text = text
                content.documents.documents[d].isReplaced = true
                content.documents.documents[d].fit = fit
            }
            animation.compositions[c].layers[l].content = .text(content)
        }
    }
    return animation
}

func render(_ animation: LottieAnimation) -> Frame {
    var list = DisplayList()
    LottieBuilder(animation).build(atSeconds: 0, into: &list)
    let canvas = Canvas(width: Int(animation.width), height: Int(animation.height))
    _ = Renderer().render(list, background: .clear, transform: .identity, on: canvas)
    return Frame(width: canvas.width, height: canvas.height, rgba: canvas.straightRGBA8())
}

/// A box text layer at the origin: box (10, 10) 100 × 40, Inter `size`, line height 1.2·size.
func boxTextFile(size: Double = 20) -> String {
    """
    {"v":"5.7.0","fr":30,"ip":0,"op":30,"w":160,"h":80,"fonts":{"list":[{"fName":"F","fFamily":"Inter","fStyle":"Regular","ascent":72}]},
     "layers":[{"ty":5,"nm":"Body","ip":0,"op":30,"st":0,"ks":{},
      "t":{"d":{"k":[{"s":{"s":\(size),"f":"F","t":"Hi","j":0,"tr":0,"lh":\(1.2 * size),"ls":0,"fc":[0,0,0],"sz":[100,40],"ps":[10,10]},"t":0}]},"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}},"a":[]}}]}
    """
}

/// The first text layer's first document, and the emitter's faces.
func firstDocument(_ animation: LottieAnimation) -> (TextDocument, TextFaces) {
    let builder = LottieBuilder(animation)
    for layer in animation.compositions[0].layers {
        if case .text(let content) = layer.content { return (content.documents.documents[0], builder.text.faces) }
    }
    preconditionFailure("no text layer")
}

@Suite("ReplacedText") struct ReplacedTextTests {
    /// chars: "A" = a 60 × 70 unit box (advance 80), in Inter Regular.
    static let charsA = #"[{"ch":"A","size":100,"style":"Regular","w":80,"fFamily":"Inter","data":{"shapes":[{"ty":"rc","p":{"a":0,"k":[30,-35]},"s":{"a":0,"k":[60,70]},"r":{"a":0,"k":0}}]}}]"#

    @Test func charsThatCoverTheNewTextDrawIt() throws {
        let drawn = render(try replaced(scriptTextFile("A", chars: Self.charsA), "AA"))
        let original = try renderJSON(scriptTextFile("AA", chars: Self.charsA), name: "AA")
        #expect(drawn.rgba == original.rgba, "the file's glyphs draw a replaced text they cover")
        // Two 24 px boxes, the second at 10 + 32.
        #expect(drawn.inkColumns == [10...33, 42...65], "\(drawn.inkColumns)")
    }

    @Test func charsThatLackACharacterGiveWayToTheNamedFont() throws {
        let animation = try replaced(scriptTextFile("A", chars: Self.charsA), "AB")
        let drawn = render(animation)
        let inter = try renderJSON(scriptTextFile("AB"), name: "AB-inter")
        let mixed = try renderJSON(scriptTextFile("AB", chars: Self.charsA), name: "AB-mixed")
        #expect(drawn.rgba == inter.rgba, "the whole replaced text is set in Inter, as without chars")
        #expect(drawn.rgba != mixed.rgba, "original text keeps the file's box for A")
        let coverage = LottieCoverage(animation)
        #expect(coverage.workarounds.contains { $0.contains(#"replaced text: the file's glyphs (chars) lack U+0042 "B"; the whole text is set with the installed font 'Inter Regular'"#) },
                "\(coverage.workarounds)")
        #expect(coverage.unrendered.isEmpty && coverage.textErrors.isEmpty, "\(coverage.unrendered)")
    }

    @Test func aCharacterNoFontCoversIsAnErrorInReplacedText() throws {
        let coverage = LottieCoverage(try replaced(scriptTextFile("Hi"), "Hi\u{E8FF}"))
        #expect(coverage.textErrors == [UncoveredTextCharacter(place: #"layers[0] "Greeting""#, layer: "Greeting", character: "\u{E8FF}")])
        #expect(coverage.textErrors.first?.description
                == "layers[0] \"Greeting\": replaced text: character U+E8FF \"\u{E8FF}\" has no glyph in the file's chars, the font it names or any installed font")
        #expect(!coverage.unrendered.contains { $0.message.contains("E8FF") }, "reported once, as the error")
        // The same character in the file's own text stays a warning.
        let original = LottieCoverage(try LottieDecoder.decode(Array(scriptTextFile("Hi\u{E8FF}").utf8), file: "o.json"))
        #expect(original.textErrors.isEmpty)
        #expect(original.unrendered.map(\.message) == ["character U+E8FF \"\u{E8FF}\" has no glyph in the file's chars, the font it names or any installed font; not drawn"])
    }

    static let long = "Hello world, this text is far too long for its box"

    @Test func overflowingBoxTextIsAWarning() throws {
        let coverage = LottieCoverage(try replaced(boxTextFile(), Self.long))
        #expect(coverage.unrendered.map(\.message) == [#"replaced text overflows its 100 × 40 pt box ("fit": "shrink" scales it down to fit)"#],
                "\(coverage.unrendered)")
        #expect(coverage.unrendered.first?.place == #"layers[0] "Body""#)
        #expect(LottieCoverage(try replaced(boxTextFile(), "Hi")).unrendered.isEmpty, "a short text fits")
        // The file's own text is the designer's: no warning.
        let own = boxTextFile().replacingOccurrences(of: #""t":"Hi""#, with: "\"t\":\"\(Self.long)\"")
        #expect(LottieCoverage(try LottieDecoder.decode(Array(own.utf8), file: "own.json")).unrendered.isEmpty)
    }

    @Test func shrinkFindsTheLargestSizeThatFits() throws {
        let animation = try replaced(boxTextFile(), Self.long, fit: .shrink)
        let (doc, faces) = firstDocument(animation)
        let (face, _) = faces.face(for: doc)
        let fitted = TextFitter.set(doc, face: face, font: faces.fonts["F"])
        #expect(!fitted.overflows && fitted.scale < 0.9 && fitted.scale > 0.2, "scale \(fitted.scale)")
        #expect(fitted.document.size == 20 * fitted.scale && fitted.document.lineHeight == doc.lineHeight.map { $0 * fitted.scale })
        #expect(TextFitter.fits(fitted.set, fitted.document))
        let larger = TextFitter.scaled(doc, fitted.scale + TextFitter.tolerance)
        #expect(!TextFitter.fits(TextSetter.set(larger, face: face, font: faces.fonts["F"]), larger),
                "1 % larger overflows: the size is the largest within the tolerance")
        #expect(fitted.set.counts.lines > 1, "wrapped")
        // Drawn: ink inside the box [10, 110] × [10, 50], and no warning.
        let frame = render(animation)
        var inkOutside = 0, ink = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame.pixel(x, y).a > 0 {
                ink += 1
                if x < 10 || x >= 110 || y >= 50 { inkOutside += 1 }
            }
        }
        #expect(ink > 300 && inkOutside == 0, "\(ink) px of ink, \(inkOutside) outside the box")
        #expect(LottieCoverage(animation).unrendered.isEmpty)
    }

    @Test func pointTextDoesNotWrap() throws {
        let (doc, faces) = firstDocument(try replaced(scriptTextFile("Hi"), Self.long))
        let set = TextSetter.set(doc, face: faces.face(for: doc).face, font: faces.fonts["F"])
        #expect(set.counts.lines == 1 && !set.overflows)
        #expect((set.path.controlPointBounds?.maxX ?? 0) > 320, "grows past the canvas as After Effects' point text does")
    }

    /// The set outlines of a replaced text equal HarfBuzz's shaped line (Inter with its fallback):
    /// visual order, joined forms.
    @Test(arguments: ["بيت عربي", "שלום עולם", "こんにちは"])
    func scriptsSetAsHarfBuzzShapesThem(_ text: String) throws {
        let animation = try replaced(scriptTextFile("Hi"), text)
        let (doc, faces) = firstDocument(animation)
        let face = faces.face(for: doc).face
        let set = TextSetter.set(doc, face: face, font: faces.fonts["F"])
        guard case .installed(let inter) = face else { Issue.record("Inter is installed"); return }
        let line = try inter.withSize(40).layout(text, kerning: true)
        func points(_ p: Path) -> [String] {
            p.elements.flatMap { e -> [Point] in
                switch e {
                case .move(let a), .line(let a): return [a]
                case .quad(let a, let c): return [a, c]
                case .cubic(let a, let c1, let c2): return [a, c1, c2]
                case .close: return []
                }
            }.map { String(format: "%.3f,%.3f", $0.x, $0.y) }.sorted()
        }
        #expect(!line.path.isEmpty && points(set.path) == points(line.path), "\(text): placed as shaped")
        if TextBidi.isRTL(Array(text)) {
            #expect(set.glyphs[0].origin.x > set.glyphs[set.glyphs.count - 1].origin.x, "the first character is on the right")
        }
        let frame = render(animation)
        let columns = frame.inkColumns
        #expect(!columns.isEmpty && columns.first!.lowerBound >= 10 && columns.last!.upperBound < 320, "\(columns)")
        #expect(LottieCoverage(animation).textErrors.isEmpty)
    }

    @Test func arabicWordIsJoined() throws {
        // ب ي ت join on both sides: one connected piece of ink.
        let frame = render(try replaced(scriptTextFile("Hi"), "بيت"))
        #expect(frame.inkColumns.count == 1, "\(frame.inkColumns)")
    }

    @Test func bidiVisualOrder() {
        func order(_ s: String) -> [Int] { let c = Array(s); return TextBidi.visualOrder(c[...], paragraphRTL: TextBidi.isRTL(c)) }
        #expect(order("abc אבג") == [0, 1, 2, 3, 6, 5, 4])
        #expect(order("אבג 123") == [4, 5, 6, 3, 2, 1, 0])
        #expect(order("אבג abc!") == [7, 4, 5, 6, 3, 2, 1, 0])
        #expect(order("abc") == [0, 1, 2])
    }
}

@Suite("ReplacedTextMore") struct ReplacedTextMoreTests {
    /// Japanese has no spaces: box text breaks it between characters; shrink keeps it in the box.
    @Test func japaneseWrapsAndShrinksInTheBox() throws {
        let text = "こんにちは世界、今日はいい天気ですね。"
        let (doc, faces) = firstDocument(try replaced(boxTextFile(), text))
        let face = faces.face(for: doc).face
        let set = TextSetter.set(doc, face: face, font: faces.fonts["F"])
        #expect(set.counts.lines > 1, "wrapped between characters")
        #expect((set.path.controlPointBounds?.maxX ?? 999) <= 110.01, "no line wider than the box")
        let fitted = TextFitter.set(doc.with(fit: .shrink), face: face, font: faces.fonts["F"])
        #expect(!fitted.overflows && fitted.scale < 1 && TextFitter.fits(fitted.set, fitted.document), "scale \(fitted.scale)")
    }

    @Test func explicitBidiControlsAreReported() throws {
        let coverage = LottieCoverage(try replaced(scriptTextFile("Hi"), "a\u{202B}שלום\u{202C}"))
        #expect(coverage.unrendered.contains { $0.message.hasPrefix("explicit bidi embeddings") }, "\(coverage.unrendered)")
    }
}

extension TextDocument {
    func with(fit: TextFit) -> TextDocument { var d = self; d.fit = fit; return d }
}
