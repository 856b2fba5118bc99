// TypesettingTests.swift — the text entry point for Lottie and presets: fonts by family or
// file, hard line breaks, line height, alignment around the origin, tracking, character indices
// across lines.

import Geometry
import Testing
@testable import Text

@Suite(.enabled(if: TestFonts.haveInter, "needs fonts-inter"))
struct TypesettingTests {
    let style = TextStyle(font: .family("Inter", style: "Bold"), size: 20)

    @Test func linesStackByTheFontsLineHeight() throws {
        let block = try Typesetter.typeset("Heart\nRate\r\nNow\rEnd", style: style, origin: Point(10, 50))
        #expect(block.lines.map(\.text) == ["Heart", "Rate", "Now", "End"])
        let font = try Font(family: "Inter", style: "Bold", size: 20)
        #expect(abs(block.lineHeight - font.metrics.lineHeight) < 1e-12)
        for (k, line) in block.lines.enumerated() {
            #expect(line.origin == Point(10, 50 + Double(k) * font.metrics.lineHeight))
        }
        #expect(block.lines[0].advanceWidth == font.layout("Heart").advanceWidth)
        // Character indices count the breaks (CR LF is one character).
        #expect(block.lineStarts == [0, 6, 11, 15])
        let n = try #require(block.glyphs.first { $0.line == 2 })
        #expect(n.characterIndex == 11 && n.glyph.scalar == "N")
    }

    @Test func alignmentIsAroundTheOrigin() throws {
        var s = style
        s.lineHeight = 30
        for (alignment, factor) in [(TextAlignment.left, 0.0), (.center, 0.5), (.right, 1.0)] {
            s.alignment = alignment
            let block = try Typesetter.typeset("Wide line\nab", style: s, origin: Point(100, 40))
            for line in block.lines {
                #expect(abs(line.origin.x - (100 - factor * line.advanceWidth)) < 1e-9, "\(alignment)")
            }
            #expect(block.lines[1].origin.y == 70)
        }
    }

    @Test func trackingAndFeaturesReachTheLayout() throws {
        var s = style
        s.tracking = 50
        s.features = [.noKerning]
        let block = try Typesetter.typeset("AVA", style: s)
        let font = try Font(family: "Inter", style: "Bold", size: 20)
        let plain = font.layout("AVA", kerning: false)
        #expect(abs(block.lines[0].advanceWidth - plain.advanceWidth - 2 * 50 * 20 / 1000) < 1e-9)
    }

    @Test func glyphOutlinesArePositionedPaths() throws {
        let block = try Typesetter.typeset("Hi", style: style, origin: Point(5, 30))
        var rebuilt = Path()
        for g in block.glyphs { rebuilt.append(g.glyph.outline.transformed(by: .translation(g.glyph.position.x, g.glyph.position.y))) }
        #expect(rebuilt.elements == block.path.elements)
        #expect(block.inkBounds == block.lines[0].inkBounds)
    }

    @Test func fileSourceAndErrors() throws {
        let block = try Typesetter.typeset("x", style: TextStyle(font: .file(TestFonts.interBold, faceIndex: 0), size: 12))
        #expect(block.font.path == TestFonts.interBold && block.font.size == 12)
        #expect(throws: FontError.self) { try Typesetter.typeset("x", style: TextStyle(font: .family("Zzyzx No Such", style: "Bold"), size: 12)) }
        #expect(throws: FontError.invalidSize(0)) { try Typesetter.typeset("x", style: TextStyle(font: .file(TestFonts.interBold, faceIndex: 0), size: 0)) }
        #expect(throws: FontError.fileNotFound(path: "/nope.otf")) { try Typesetter.typeset("x", style: TextStyle(font: .file("/nope.otf", faceIndex: 0), size: 12)) }
    }

    @Test func facesAreSharedAcrossSizes() throws {
        let a = try Typesetter.font(.family("Inter", style: "Bold"), size: 10)
        let b = try Typesetter.font(.family("Inter", style: "Bold"), size: 30)
        #expect(a.face === b.face && b.size == 30)
    }

    @Test func emptyTextIsOneEmptyLine() throws {
        let block = try Typesetter.typeset("", style: style)
        #expect(block.lines.count == 1 && block.glyphs.isEmpty && block.inkBounds == nil)
    }
}
