// Previews for review (`batch --previews`): for each video a poster PNG and a contact sheet
// PNG, rendered from the same job (same scene, background and transform) as the video, so
// they show exact pixels without decoding the MP4.
//
// poster: the frame at index ⌊frames / 2⌋ (the middle of the clip: frame 0 of many
//         animations is empty), at the video's size, "<name>.poster.png".
// sheet:  see ContactSheet.swift, "<name>.sheet.png".
import Foundation
import Scenes
import Video

/// The poster's frame index in a clip of `frames` frames.
func posterFrame(_ frames: Int) -> Int { frames / 2 }

/// Writes the poster and the contact sheet of a video job to the given paths.
func writePreviews(_ job: ExportPlan, poster: String, sheet: String) throws(ExportError) {
    let canvas = try renderStill(job, at: job.time(ofFrame: posterFrame(job.frameCount)))
    try writePNG(canvas.straightRGBA8(), width: canvas.width, height: canvas.height, to: poster)
    let s = try contactSheet(job)
    try writePNG(s.rgba, width: s.width, height: s.height, to: sheet)
}

/// Renders a still output (a .png in the outputs list) at time `t`.
func writeStillOutput(_ job: ExportPlan, at t: Double) throws(ExportError) {
    let canvas = try renderStill(job, at: t)
    try writePNG(canvas.straightRGBA8(), width: canvas.width, height: canvas.height, to: job.output)
}

func writePNG(_ rgba: [UInt8], width: Int, height: Int, to path: String) throws(ExportError) {
    do {
        try PNGWriter.write(rgba: rgba, width: width, height: height, to: path)
    } catch {
        throw .runtime("\(path): \(error)")
    }
}
