// The heart label as text the user must be told about (HeartPlugin.review): how it was set
// (fallback fonts: notes), what could not be honoured (characters no installed font has, mixed
// directions: warnings, errors under --strict), and whether it fits the canvas.
//
// Fit: the label is drawn where the §2.1 stack puts it (centred with the heart); its exact ink
// bounds (glyph outlines, not advances) must lie inside the canvas, 0 ≤ x ≤ W and 0 ≤ y ≤ H in
// points. A label that does not fit is an error (exit 2) — never a clipped render, never a
// silent shrink — that says by how much and what would fit:
//   * the largest fontSize (to 0.1 pt) at which the label fits the same canvas, found by
//     bisection on fontSize with the real layout (ink is not linear in size: side bearings,
//     and the stack's centring moves with the label's width);
//   * the canvas that fits at this size: since the stack is centred, widening the canvas by Δ
//     moves the ink by Δ/2, so Δw = max(0, −2·minX, 2·(maxX − W)) and likewise Δh.
import Geometry
import Raster
import Text

/// What `animexport heart --help` says about the label.
let heartLabelHelp = """
    Label: shaped with HarfBuzz in the preset's font; characters the font lacks are drawn with
    the fallback font fontconfig picks (a note names it). A character no installed font has is
    drawn as the font's .notdef box with a warning (--strict: an error). A label that does not
    fit the canvas is an error (exit 2) naming the largest fontSize that fits and the canvas
    size needed; labels are never shrunk or clipped.
    """

/// The label's notes and warnings, after checking that it fits (see the header).
func reviewLabel(of heart: HeartScene, strict: Bool) throws(SceneError) -> SceneReview {
    guard let label = heart.label else { return SceneReview() }
    try checkFits(heart, label: label)
    let notes = label.warnings.filter { !$0.isWarning }.map(\.description)
    let warnings = label.warnings.filter(\.isWarning).map(\.description)
    if strict, let first = warnings.first {
        throw .invalidParameter(field: "parameters.label", message: "\(first) (--strict)")
    }
    return SceneReview(notes: notes, warnings: warnings)
}

private func overflow(_ ink: Rect, _ canvas: Size) -> (dx: Double, dy: Double) {
    let dx = max(0, -2 * ink.minX, 2 * (ink.maxX - canvas.width))
    let dy = max(0, -2 * ink.minY, 2 * (ink.maxY - canvas.height))
    return (dx, dy)
}

private func fits(_ ink: Rect?, _ canvas: Size) -> Bool {
    guard let ink else { return true }
    let (dx, dy) = overflow(ink, canvas)
    return dx <= 1e-9 && dy <= 1e-9
}

private func checkFits(_ heart: HeartScene, label: TextLine) throws(SceneError) {
    let canvas = heart.canvas
    guard let ink = label.inkBounds, !fits(ink, canvas) else { return }
    let p = heart.parameters
    let font = label.glyphs.first?.font
    let fontName = font.map { "\($0.familyName) \($0.styleName)" } ?? "its font"
    let (dx, dy) = overflow(ink, canvas)
    func pt(_ v: Double) -> String { StrictDecoding.format((v * 100).rounded() / 100) }

    var problem: [String] = []
    if dx > 1e-9 { problem.append("its ink spans x = \(pt(ink.minX)) … \(pt(ink.maxX)) pt on a canvas \(pt(canvas.width)) pt wide") }
    if dy > 1e-9 { problem.append("its ink spans y = \(pt(ink.minY)) … \(pt(ink.maxY)) pt on a canvas \(pt(canvas.height)) pt high") }
    var fixes: [String] = []
    if let font, let size = largestFittingSize(heart, font: font) { fixes.append("fontSize ≤ \(StrictDecoding.format(size))") }
    let needW = (canvas.width + dx).rounded(.up), needH = (canvas.height + dy).rounded(.up)
    fixes.append("a canvas of at least \(StrictDecoding.format(needW)) × \(StrictDecoding.format(needH)) pt")
    fixes.append("a shorter label")
    throw .invalidParameter(field: "parameters.label",
                            message: "\(quotedLabel(label.text)) in \(fontName) \(StrictDecoding.format(p.fontSize)) pt does not fit the canvas: "
                       + problem.joined(separator: "; ") + "; it would be clipped — use " + fixes.joined(separator: ", or "))
}

/// The largest font size (a multiple of 0.1 pt, ≥ 0.1) at which the label fits, nil if none.
private func largestFittingSize(_ heart: HeartScene, font: Font) -> Double? {
    func fitsAt(_ tenths: Int) -> Bool {
        var p = heart.parameters
        p.fontSize = Double(tenths) / 10
        guard let sized = try? font.withSize(p.fontSize),
              let scene = try? HeartScene(canvas: heart.canvas, parameters: p, font: sized) else { return false }
        return fits(scene.label?.inkBounds, heart.canvas)
    }
    var low = 1, high = Int((heart.parameters.fontSize * 10).rounded(.down))
    guard fitsAt(low) else { return nil }
    while low < high {          // invariant: fitsAt(low)
        let mid = (low + high + 1) / 2
        if fitsAt(mid) { low = mid } else { high = mid - 1 }
    }
    return Double(low) / 10
}

/// The label in quotes with control characters escaped, at most 40 characters.
private func quotedLabel(_ text: String) -> String {
    let short = text.count > 40 ? String(text.prefix(39)) + "…" : text
    var out = ""
    for scalar in short.unicodeScalars {
        if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
            out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return "\"\(out)\""
}
