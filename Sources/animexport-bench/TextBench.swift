// Text rows of `make bench`: what setting a line costs once its font is loaded — the heart's
// label (itemize + HarfBuzz + outlines + one path), the same label re-set per frame as animated
// Lottie text would be, and a label with a fallback character. Medians over rounds × 200 runs.
import Foundation
import Text

func benchText(rounds: Int) {
    section("text: one line laid out (font loaded, glyph outlines cached), one thread")
    guard let font = try? Font(family: "Inter", style: "Bold", size: 17) else {
        print("text: Inter Bold not installed; skipped")
        return
    }
    let cases: [(String, String)] = [("heart label \"Measuring Heart Rate\"", "Measuring Heart Rate"),
                                     ("label with a fallback character (U+263A)", "Heart \u{263A} Rate"),
                                     ("two-line Typesetter block, centred", "Heart Rate\n72 bpm")]
    for (name, text) in cases {
        var samples: [Double] = []
        let style = TextStyle(font: .family("Inter", style: "Bold"), size: 17)
        func once() {
            if text.contains("\n") {
                var s = style
                s.alignment = .center
                _ = Typesetter.typeset(text, font: font, style: s)
            } else {
                _ = font.layout(text)
            }
        }
        once()      // warm: glyph cache, fallback lookup
        for _ in 0..<rounds {
            let runs = 200
            let t0 = nowNanoseconds()
            for _ in 0..<runs { once() }
            samples.append(ms(t0, nowNanoseconds()) * 1000 / Double(runs))
        }
        add(Record(name: "text/\(name)", unit: "µs", samples: samples))
    }
}
