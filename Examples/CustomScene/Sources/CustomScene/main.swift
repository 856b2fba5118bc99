// custom-scene — AnimExportKit's three kinds of source, each exported by the library, and a
// scene of its own added to the command line:
//
//     custom-scene OUT_FOLDER
//       OUT_FOLDER/spinner.mp4   SceneExport.video: a scene written here, one seamless 1 s loop,
//                                60 fps, 240×240; progress through an ExportObserver
//       OUT_FOLDER/spinner.png   SceneExport.still: t = 0.25 s on a transparent background
//       OUT_FOLDER/pulse.webm    SceneExport.video(animation:preset:): a built-in scene and preset
//       OUT_FOLDER/badge.gif     SceneExport.video(lottie:): a Lottie file (Resources/badge.json)
//                                with the file's defaults: 100×100, 30 fps, 1 s
//       OUT_FOLDER/cli.mp4       the scene registered as a plug-in and rendered by the CLI:
//                                `animexport spinner --frames 12 … cli.mp4`
//
// The library prints nothing: what a caller hears comes through its observer (here: one line per
// export, with the frames counted), and it stops only when its stop condition says so.
//
// The spinner: twelve round-capped bars around the centre over a soft gradient disc; the
// brightest bar goes round once per period and the others fade behind it.
import AnimExportKit
import Foundation

struct Spinner: Scene {
    var canvas = Size(width: 120, height: 120)
    var color = RGBA(hex: "#0A84FF")!
    var period = 1.0

    /// One bar, pointing up from the centre; rotated into place by its group.
    static let bar: Path = {
        var p = Path()
        p.move(to: Point(0, -38))
        p.line(to: Point(0, -20))
        return p
    }()
    static let barStyle = StrokeStyle(lineWidth: 8, cap: .round)
    static let disc = Path.circle(center: .zero, radius: 54)
    static let shade = Gradient(colors: [RGBA(hex: "#F2F2F7")!, RGBA(hex: "#D1D1D6")!])

    func draw(at t: Double, into list: inout DisplayList) {
        let centre = Transform.translation(canvas.width / 2, canvas.height / 2)
        let stops = list.addGradient(Spinner.shade)
        list.group(Group(transform: centre)) { list in
            list.fill(Spinner.disc, paint: .linear(LinearGradient(stops, start: Point(0, -54), end: Point(0, 54))))
            let turn = t / period - (t / period).rounded(.down)      // [0, 1)
            for i in 0..<12 {
                // How far bar i trails the head, in turns, 0 ≤ age < 1.
                let age = (turn - Double(i) / 12 + 1).truncatingRemainder(dividingBy: 1)
                list.group(Group(transform: .rotation(radians: Double(i) / 12 * 2 * .pi), opacity: 1 - 0.85 * age)) { list in
                    list.stroke(Spinner.bar, style: Spinner.barStyle, paint: .solid(color))
                }
            }
        }
    }

    var loopPeriod: Double? { period }
}

/// The spinner as a command of the CLI, with its own strictly decoded preset parameters.
enum SpinnerPlugin: ScenePlugin {
    struct Parameters: Sendable {
        var color = RGBA(hex: "#0A84FF")!
        var period = 1.0
    }

    static let name = "spinner"
    static let summary = "twelve fading bars going round (an example plug-in)"
    static let defaultPreset: String? = nil
    static let defaultBackground = RGBA.white
    static var defaultParameters: Parameters { Parameters() }
    static func defaultCanvas(for parameters: Parameters) -> Size { Size(width: 120, height: 120) }

    static func decodeParameters(from decoder: any Decoder) throws -> Parameters {
        try StrictDecoding.rejectUnknownKeys(decoder, known: ["color", "period"])
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        var p = Parameters()
        if let color = try c.decodeIfPresent(ColorValue.self, forKey: AnyCodingKey("color")) { p.color = color.rgba }
        if let period = try c.decodeIfPresent(Double.self, forKey: AnyCodingKey("period")) {
            try StrictDecoding.checkPositive(period, max: 60, decoder, "period", unit: " s")
            p.period = period
        }
        return p
    }

    static func makeScene(_ parameters: Parameters, canvas: Size, context: SceneContext) throws(SceneError) -> any Scene {
        Spinner(canvas: canvas, color: parameters.color, period: parameters.period)
    }
}

/// Counts the frames of each export and says what it wrote, one line each (on stdout).
final class Progress: ExportObserver {
    var frames = 0
    func start(output: String, frames: Int, width: Int, height: Int) { self.frames = 0 }
    func frame(_ done: Int, of total: Int) { frames = done }
    func note(_ message: String) { print("note: \(message)") }
    func warning(_ message: String) { print("warning: \(message)") }
    func done(_ result: ExportResult) {
        print("wrote \(result.path) (\(result.width)×\(result.height), \(result.frames) frames, \(frames) seen)")
    }
}

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources").path
do {
    let progress = Progress()
    var options = ExportOptions()
    options.loops = 1
    options.overwrite = true
    options.encoder.preset = "ultrafast"
    try SceneExport.video(Spinner(), to: folder + "/spinner.mp4", options: options, observer: progress)
    options.background = .clear
    try SceneExport.still(Spinner(), at: 0.25, to: folder + "/spinner.png", options: options)
    print("wrote \(folder)/spinner.png")

    var small = ExportOptions()
    small.overwrite = true
    small.size = (96, 96)
    small.seconds = 0.5
    small.fps = (24, 1)
    try SceneExport.video(animation: "pulse", preset: "blue", to: folder + "/pulse.webm", options: small, observer: progress)
    var lottie = ExportOptions()
    lottie.overwrite = true
    try SceneExport.video(lottie: resources + "/badge.json", to: folder + "/badge.gif", options: lottie, observer: progress)
} catch {
    print("custom-scene: \(error)")
    exit(error.exitCode)
}
SceneRegistry.shared.register(SpinnerPlugin.self)
exit(CLI.run(["animexport", "spinner", "--frames", "12", "--x264-preset", "ultrafast", "-y", folder + "/cli.mp4"]))
