// The background: a colour, or transparent.
//
// A frame starts as the background (Renderer.render clears to it), so with a transparent
// background the pixels nothing draws have alpha 0 and anti-aliased edges carry partial alpha.
// PNG stills keep it: the premultiplied pixels are written as straight alpha, channel =
// round(c·255/α) (Canvas.straightRGBA8), so an edge pixel has the paint's colour and no dark
// fringe. Video formats keep it where they hold alpha; the others refuse it in one line, naming
// the formats that can (resolveMedia, MediaOptions.swift) — never a silent black or white.
import Raster

/// A `--background` value: `#RRGGBB`, `#RRGGBBAA` or `transparent` (any case).
func parseBackground(_ text: String) -> RGBA? {
    text.lowercased() == "transparent" ? .clear : RGBA(hex: text)
}
