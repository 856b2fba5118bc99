// custom-scene — a scene defined in code with AnimExportKit, exported three ways:
//
//     custom-scene OUT_FOLDER
//       OUT_FOLDER/spinner.mp4   SceneExport.video: one seamless 1 s loop, 60 fps, 240×240
//       OUT_FOLDER/spinner.png   SceneExport.still: t = 0.25 s on a transparent background
//       OUT_FOLDER/cli.mp4       the scene registered as a plug-in and rendered by the CLI:
//                                `animexport spinner --frames 12 … cli.mp4`
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

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
do {
    var options = ExportOptions()
    options.loops = 1
    options.overwrite = true
    options.encoder.preset = "ultrafast"
    let result = try SceneExport.video(Spinner(), to: folder + "/spinner.mp4", options: options)
    print("wrote \(result.path) (\(result.width)×\(result.height), \(result.frames) frames)")
    options.background = .clear
    try SceneExport.still(Spinner(), at: 0.25, to: folder + "/spinner.png", options: options)
    print("wrote \(folder)/spinner.png")
} catch {
    print("custom-scene: \(error)")
    exit(error.exitCode)
}
SceneRegistry.shared.register(SpinnerPlugin.self)
exit(CLI.run(["animexport", "spinner", "--frames", "12", "--x264-preset", "ultrafast", "-y", folder + "/cli.mp4"]))
