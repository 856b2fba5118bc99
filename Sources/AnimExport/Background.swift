// The background: a colour, or transparent.
//
// A frame starts as the background (Renderer.render clears to it), so with a transparent
// background the pixels nothing draws have alpha 0 and anti-aliased edges carry partial alpha.
// PNG stills keep it: the premultiplied pixels are written as straight alpha, channel =
// round(c·255/α) (Canvas.straightRGBA8), so an edge pixel has the paint's colour and no dark
// fringe. Video formats keep it where they hold alpha; the others refuse it in one line, naming
// the formats that can (resolveMedia, MediaOptions.swift) — never a silent black or white.
//
// A source whose own default is transparent (a Lottie file) gets it where the output holds
// alpha (PNG stills, PNG sequences, GIF, APNG, WebP, WebM VP9, MOV ProRes 4444) and white
// elsewhere: that is its documented default (docs/lottie.md), not a fallback — a background
// the user asked for is never changed.
import Raster
import Video

/// The background when neither the preset nor `--background` gives one.
/// `own` is the source's default (Plan/SourceSpec.swift); a still always holds alpha.
func defaultBackground(_ own: RGBA, output: OutputChoice) -> RGBA {
    own.a < 1 && !output.holdsAlpha ? .white : own
}

/// A `--background` value: `#RRGGBB`, `#RRGGBBAA` or `transparent` (any case).
func parseBackground(_ text: String) -> RGBA? {
    text.lowercased() == "transparent" ? .clear : RGBA(hex: text)
}
