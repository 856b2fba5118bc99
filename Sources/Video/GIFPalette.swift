// GIFPalette.swift — which colour tables a GIF gets (GIFWriter.swift).
//
// GIF holds at most 256 colours per frame: a frame uses the file's global colour table, or its
// own local one (GIF89a §§ 19, 21). `global` makes one palette for the whole clip from every
// frame's colours (palettegen stats_mode=full); `perFrame` makes one for each frame from that
// frame alone (stats_mode=single) and writes it as the frame's local table (paletteuse new=1).
// Per frame is closer to the frames when the clip's colours change over time (a hue rotation:
// each frame then spends all 256 entries on the colours it shows), at a cost in size: every
// frame carries 768 bytes of table, and frame-to-frame index runs break up, so LZW compresses
// less. Figures (README "GIF", `make bench` GIF rows) chose the default: global.

public enum GIFPalette: String, Sendable, CaseIterable {
    /// One palette for the clip, in the header (the default).
    case global
    /// A palette for each frame, made from that frame.
    case perFrame = "per-frame"
}
