// `animexport info FILE.json [--json]`: what a Lottie file is and what of it would not render.
//
// Text (default) or JSON (--json, keys sorted): size, frame rate, in/out points, duration,
// layer count, the features used with the places that use them, what a preset needs (colour
// paths, slots, text layers, fonts and where their glyphs come from, images, markers:
// LottieInfoDetails.swift), the features not supported
// yet — and text that will be drawn in a substitute font is never "nothing unsupported" — (`"unsupported": [{"feature": "masks", "where": ["layers[3] \"Shape Layer 2\"", …]}]`) and
// the problems the decoder worked around, and the frame's budget (LottieInfoBudget.swift: work,
// display-list memory, and the paint the heaviest frame would write, drawn small — a frame an
// export would stop at is named). A file that cannot be decoded, or is over a decode-time cap
// (work, coverage passes, memory), is one line on stderr naming the file and the JSON path or
// the layer, exit 2.
import JSON
import Foundation
import Lottie

let infoFlags: [FlagSpec] = [
    lottieAnimationFlag,
    FlagSpec("--json", help: "print JSON instead of text"),
    FlagSpec("--help", alias: "-h", help: "show this help"),
]

func infoHelp() -> String {
    """
    Usage: animexport info FILE.json [--json]
           animexport info FILE.lottie [--animation ID] [--json]

    Describes a Lottie (Bodymovin JSON) file: canvas size, frame rate, in and out points,
    duration, layers, the features it uses and where, and which of them are not rendered yet;
    and what a preset needs: the colour paths its "colors" keys can name, the slot ids
    ("slots") with their kinds and defaults, text layers with their strings, fonts (embedded
    glyphs, installed, or missing and drawn in a substitute), image assets, and markers with
    their start and duration; and one frame's budget: work, display-list memory and the paint
    of the heaviest frame (frames drawn small), naming a frame an export would stop at. A file
    over a cap checked when it is read is refused here too (exit 2).

    Options:
    \(helpTable(infoFlags))
    """
}

/// Runs `info` with the arguments after the word "info".
func runLottieInfo(_ args: [String]) throws(ExportError) -> Int32 {
    let parsed = try parseArguments(args, flags: infoFlags, command: "info")
    if parsed.has("--help") || args.isEmpty {
        print(infoHelp())
        return args.isEmpty ? 2 : 0
    }
    guard parsed.positionals.count == 1 else {
        throw .usage("info: expected one FILE.json, got \(parsed.positionals.count) arguments; see 'animexport info --help'")
    }
    let path = parsed.positionals[0]
    let animation = try LottieInput.load(path, animationID: parsed.value("--animation"))
    let forecast = PaintForecast(animation)
    let json = parsed.has("--json")
    let archive: DotLottie?
    do { archive = LottieInput.isArchive(path) ? try LottieInput.openArchive(path) : nil } catch { throw ExportError(error) }
    if json {
        var object = lottieInfoObject(animation, file: path, forecast: forecast)
        if let archive { object = archiveInfoObject(archive, selected: parsed.value("--animation"), animation: object) }
        print(infoJSONText(object))
    } else {
        let text = lottieInfoText(animation, file: path, forecast: forecast)
        print(archive.map { archiveInfoText($0, selected: parsed.value("--animation"), animationInfo: text) } ?? text)
    }
    return 0
}

/// `info --json`'s text: pretty, keys sorted, slashes unescaped.
func infoJSONText(_ object: [String: Any]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
}

func lottieInfoText(_ a: LottieAnimation, file: String, forecast: PaintForecast? = nil) -> String {
    let frames = a.outPoint - a.inPoint
    let precomps = a.compositions.count - 1
    var lines = [
        "\(file): Lottie\(a.version.map { " \($0)" } ?? "")\(a.name.map { " \"\($0)\"" } ?? "")",
        "  size        \(format(a.width)) × \(format(a.height)) pt",
        "  frame rate  \(format(a.frameRate)) fps",
        "  frames      \(format(a.inPoint)) to \(format(a.outPoint)) (\(format(frames)) frames)",
        "  duration    \(String(format: "%.3f", a.duration)) s",
        "  layers      \(a.layerCount)\(precomps > 0 ? " (\(precomps) precomposition\(precomps == 1 ? "" : "s"))" : "")",
    ]
    let supported = a.features.used.filter(\.feature.isSupported).map(\.feature.rawValue)
    lines.append("  features    \(supported.isEmpty ? "none" : supported.joined(separator: ", "))")
    let unsupported = a.features.unsupported
    let substituted = substitutedFonts(a)
    if unsupported.isEmpty && substituted.isEmpty {
        lines.append("  not supported: nothing")
    } else if unsupported.isEmpty {
        lines.append("  not supported: no feature, but text is not drawn as designed:")
    } else {
        lines.append("  not supported:")
        for entry in unsupported {
            let shown = entry.places.prefix(3).joined(separator: ", ")
            let more = entry.places.count > 3 ? " and \(entry.places.count - 3) more" : ""
            lines.append("    \(entry.feature.rawValue): \(shown)\(more)")
        }
    }
    for f in substituted { lines.append("    \(f)") }
    lines += lottieInfoDetailLines(a)
    lines += forecast?.lines(a) ?? []
    for w in a.warnings { lines.append("  warning: \(w)") }
    for p in a.imageProblems { lines.append("  not drawn: \(p.place): \(p.message)") }
    return lines.joined(separator: "\n")
}

/// `info --json`'s object for one animation.
func lottieInfoObject(_ a: LottieAnimation, file: String, forecast: PaintForecast? = nil) -> [String: Any] {
    func entries(_ list: [(feature: LottieFeature, places: [String])]) -> [[String: Any]] {
        list.map { ["feature": $0.feature.rawValue, "where": $0.places] }
    }
    var object: [String: Any] = [
        "file": file,
        "width": a.width, "height": a.height,
        "frameRate": a.frameRate,
        "inPoint": a.inPoint, "outPoint": a.outPoint,
        "frames": a.outPoint - a.inPoint,
        "duration": a.duration,
        "layers": a.layerCount,
        "precompositions": a.compositions.count - 1,
        "substitutedFonts": substitutedFonts(a),
        "features": entries(a.features.used),
        "unsupported": entries(a.features.unsupported),
        "warnings": a.warnings,
        "imageProblems": a.imageProblems.map { ["where": $0.place, "message": $0.message] },
    ]
    object.merge(lottieInfoDetailJSON(a)) { $1 }
    if let f = forecast { object["budget"] = f.json(a) }
    if let v = a.version { object["version"] = v }
    if let n = a.name { object["name"] = n }
    return object
}

extension ExportError {
    /// A Lottie file that cannot be used: a validation error (exit 2), `file: path: message`.
    init(_ error: LottieError) {
        self = error.path.isEmpty ? .invalid(file: nil, field: error.file, message: error.message)
                                  : .invalid(file: error.file, field: error.path, message: error.message)
    }
}
