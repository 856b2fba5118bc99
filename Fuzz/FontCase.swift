// One font fuzz case: bytes → a font held in memory (Font(bytes:…): FreeType and HarfBuzz parse
// them) → text shaped with it (with fontconfig fallback for what it lacks) → every placed outline
// filled into a 32×32 canvas, plus the outlines of the first glyph ids. Fonts are untrusted
// input (a preset names any file); errors are fine, crashes, hangs and leaks are not.
// The first byte picks the text and the size; the rest is the font. Replayed by a unit test over
// Fuzz/regressions/font (Tests/TextTests/FuzzReplay links to this file).
import Geometry
import Raster
import Text

nonisolated(unsafe) private let fontCanvas = Canvas(width: 32, height: 32)
nonisolated(unsafe) private let fontRasterizer = Rasterizer()

private let fontCaseTexts = ["Measuring Heart Rate", "AV To fi ffi -> 12:30", "e\u{301} \u{5E9}\u{5DC} \u{627}\u{644}",
                             "\u{263A}\u{200D}\u{FE0F}\u{378}", ""]

func runFontCase(_ bytes: [UInt8]) {
    guard let selector = bytes.first, bytes.count > 1 else { return }
    let size = [0.5, 17, 300][Int(selector >> 4) % 3]
    guard let font = try? Font(bytes: Array(bytes.dropFirst()), name: "fuzz.otf", size: size) else { return }
    let text = fontCaseTexts[Int(selector & 0x0F) % fontCaseTexts.count]
    let line = font.layout(text, origin: Point(1, 24), tracking: Double(selector & 0x0F) * 10)
    fontCanvas.clear(to: .black)
    fontRasterizer.fill(line.path, transform: .identity, rule: line.fillRule, paint: SolidPaint(color: .white),
                        on: fontCanvas)
    for id in 0..<UInt32(min(font.glyphCount, 16)) {
        guard let glyph = try? font.glyph(id), !glyph.path.isEmpty else { continue }
        let k = 24 / Double(max(1, font.unitsPerEm))
        fontRasterizer.fill(glyph.path, transform: Transform(a: k, b: 0, c: 0, d: k, tx: 4, ty: 28), rule: glyph.fillRule,
                            paint: SolidPaint(color: .white), on: fontCanvas)
    }
}
