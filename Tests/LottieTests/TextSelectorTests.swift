// Range selector shares (Build/TextAnimators.swift), worked out by hand from the header's
// formulas for four characters (N = 4), start 0 %, end 100 % → S = 0, E = 4.
import Foundation
import Geometry
@testable import Lottie
import Testing

private func glyph(_ i: Int, space: Bool = false) -> SetGlyph {
    SetGlyph(outline: Path(), rule: .nonZero, origin: .zero, advance: 10, isSpace: space, character: i,
             nonSpace: space ? -1 : i, word: i, line: 0)
}

private func shares(_ shape: TextRangeSelector.Shape, start: Double = 0, end: Double = 100, offset: Double = 0,
                    easeHigh: Double = 0, easeLow: Double = 0, amount: Double = 1) -> [Double] {
    var s = TextRangeSelector()
    s.shape = shape
    s.start = ScalarProperty(start)
    s.end = ScalarProperty(end)
    s.offset = ScalarProperty(offset)
    s.easeHigh = ScalarProperty(easeHigh)
    s.easeLow = ScalarProperty(easeLow)
    s.amount = ScalarProperty(amount)
    let at = SelectorAtFrame(s, frame: 0, counts: (characters: 4, nonSpace: 4, words: 4, lines: 1))
    return (0..<4).map { at.share(glyph($0)) }
}

private func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
}

@Suite struct TextSelectorTests {
    @Test func square() {
        #expect(close(shares(.square), [1, 1, 1, 1]))
        // 0 … 50 %: S = 0, E = 2.
        #expect(close(shares(.square, end: 50), [1, 1, 0, 0]))
        // 10 … 60 %: S = 0.4, E = 2.4: character 0 is 0.6 inside, 2 is 0.4.
        #expect(close(shares(.square, start: 10, end: 60), [0.6, 1, 0.4, 0]))
        // Offset 25 % moves the range one character: S = 1, E = 3.
        #expect(close(shares(.square, end: 50, offset: 25), [0, 1, 1, 0]))
        // Amount 50 % halves the share; −100 % negates it.
        #expect(close(shares(.square, end: 50, amount: 0.5), [0.5, 0.5, 0, 0]))
        #expect(close(shares(.square, end: 50, amount: -1), [-1, -1, 0, 0]))
    }

    @Test func ramps() {
        // r = clamp(0.5/4 + i/4) = 0.125, 0.375, 0.625, 0.875.
        #expect(close(shares(.rampUp), [0.125, 0.375, 0.625, 0.875]))
        #expect(close(shares(.rampDown), [0.875, 0.625, 0.375, 0.125]))
        // Triangle: 2r below ½, 2(1 − r) above.
        #expect(close(shares(.triangle), [0.25, 0.75, 0.75, 0.25]))
    }

    @Test func roundAndSmooth() {
        // Round: a = 2, x = i + ½ − 2 → √(1 − x²/4).
        let round = [-1.5, -0.5, 0.5, 1.5].map { (1 - $0 * $0 / 4).squareRoot() }
        #expect(close(shares(.round), round))
        // Smooth: (1 + cos(π + 2π(i + ½)/4))/2.
        let smooth = [0.5, 1.5, 2.5, 3.5].map { (1 + cos(Double.pi + 2 * Double.pi * $0 / 4)) / 2 }
        #expect(close(shares(.smooth), smooth))
    }

    /// Ease high 100 % with ease low 0: B = (0, 0, 0, 1) — values pass through the curve
    /// (monotone, ends kept, the middle raised).
    @Test func easing() {
        let eased = shares(.rampUp, easeHigh: 100)
        let plain = shares(.rampUp)
        #expect(eased[1] > plain[1] && eased[2] > plain[2])
        #expect(eased == eased.sorted())
        #expect(close(shares(.square, easeHigh: 100), [1, 1, 1, 1]))
    }

    /// Smoothness 0 turns a square's partial edges into steps at ½; 50 % maps [0.25, 0.75] to [0, 1].
    @Test func smoothness() {
        var s = TextRangeSelector()
        s.start = ScalarProperty(10)
        s.end = ScalarProperty(60)          // S = 0.4, E = 2.4: raw 0.6, 1, 0.4, 0
        s.smoothness = ScalarProperty(0)
        var at = SelectorAtFrame(s, frame: 0, counts: (characters: 4, nonSpace: 4, words: 4, lines: 1))
        #expect(close((0..<4).map { at.share(glyph($0)) }, [1, 1, 0, 0]))
        s.smoothness = ScalarProperty(50)
        at = SelectorAtFrame(s, frame: 0, counts: (characters: 4, nonSpace: 4, words: 4, lines: 1))
        #expect(close((0..<4).map { at.share(glyph($0)) }, [0.7, 1, 0.3, 0]))
    }

    /// Spaces have no index among non-space characters: such a selector skips them.
    @Test func basedOnNonSpace() {
        var s = TextRangeSelector()
        s.basedOn = .charactersExcludingSpaces
        s.end = ScalarProperty(50)
        let at = SelectorAtFrame(s, frame: 0, counts: (characters: 5, nonSpace: 4, words: 2, lines: 1))
        #expect(at.share(glyph(2, space: true)) == 0)
        #expect(at.share(SetGlyph(outline: Path(), rule: .nonZero, origin: .zero, advance: 1, isSpace: false, character: 3,
                                  nonSpace: 1, word: 1, line: 0)) == 1)
    }

    @Test func anAmountLeftOutIsAHundredPercent() throws {
        // `a` absent: 100 % (a share of 1), as After Effects writes it; written: percent.
        let layer = { (amount: String) in
            #"[{"ty": 5, "ks": {}, "t": {"d": {"k": [{"s": {"t": "Hi"}, "t": 0}]}, "a": [{"s": {"t": 0\#(amount)}, "a": {"o": {"a": 0, "k": 0}}}]}}]"#
        }
        for (given, expected) in [("", 1.0), (#", "a": {"a": 0, "k": 40}"#, 0.4)] {
            guard case .text(let content) = try decode(lottieJSON(layers: layer(given))).root.layers[0].content else {
                Issue.record("not a text layer"); return
            }
            #expect(abs((content.animators.first?.selector.amount.value(at: 0) ?? .nan) - expected) < 1e-12, "\(given)")
        }
    }
}
