// The background: a colour, or transparent — and which outputs can hold a transparent one.
//
// A frame starts as the background (Renderer.render clears to it), so with a transparent
// background the pixels nothing draws have alpha 0 and anti-aliased edges carry partial alpha.
// PNG stills keep it: the premultiplied pixels are written as straight alpha, channel =
// round(c·255/α) (Canvas.straightRGBA8), so an edge pixel has the paint's colour and no dark
// fringe. MP4/H.264 holds no alpha: asking it for a transparent or translucent background is an
// error, never a silent black or white (`requireOpaqueBackground`; alpha-capable video formats
// answer yes in `outputHoldsAlpha`).
import Foundation
import Raster

/// A `--background` value: `#RRGGBB`, `#RRGGBBAA` or `transparent`.
func parseBackground(_ text: String) -> RGBA? {
    text.lowercased() == "transparent" ? .clear : RGBA(hex: text)
}

/// Whether the file `output` names can keep alpha.
func outputHoldsAlpha(_ output: String) -> Bool {
    URL(fileURLWithPath: output).pathExtension.lowercased() == "png"
}

/// Refuses a background with alpha < 1 for an output that cannot hold alpha. `source` names where
/// the background came from ("--background", "presets/x.json: background").
func requireOpaqueBackground(_ background: RGBA, output: String, source: String) throws(ExportError) {
    guard background.a < 1, !outputHoldsAlpha(output) else { return }
    let what = background.a == 0 ? "transparent" : "translucent (\(background.hexString))"
    throw .usage("\(output): MP4/H.264 cannot hold alpha, but \(source) is \(what); give an opaque #RRGGBB background, or render a PNG still")
}
