// The command-line interface: `animexport <command> …`. The executable is just
// `exit(CLI.main())` (RawArguments.swift: checks the arguments, then `CLI.run`); everything testable lives here.
import Foundation

public enum CLI {
    public static let version = "0.1.0"

    static var generalHelp: String {
        """
        animexport \(version) — render vector animations offline to video and animated images

        Usage:
          animexport <animation> [options] OUTPUT        render a clip: .mp4 .m4v .mov .webm .gif .apng .webp, name%04d.png
          animexport still <animation> [options] OUT.png one frame as a PNG
          animexport list                               animations and presets
          animexport batch [DIR] --out DIR [options]    every preset's outputs (see batch --help)
          animexport render PRESET[:OUTPUT] [--out DIR]  one preset's outputs, as batch renders them
          animexport manifest merge A.json B.json …     join batch shards' manifests
          animexport join DIR OUTPUT [-y]               join the segments workers rendered into DIR (docs/ci.md)
          animexport info FILE.json [--json]            describe a Lottie file and what would not render
          animexport FILE.json [options] OUTPUT|--null  render a Lottie file (see animexport FILE.json --help)
          animexport <command> --help                   options of a command
          animexport --version

        Animations:
        \(AnimationKind.allCases.map { "  \($0.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

        Example:
          animexport pulse --preset red --seconds 5 out.mp4

        Presets are found by name in $ANIMEXPORT_PRESETS (folders separated by ':'), ./presets,
        and the presets installed beside this binary (<prefix>/share/animexport/presets).

        Exit codes: 0 success, 1 runtime failure, 2 usage or validation error,
        130/143 interrupted (SIGINT/SIGTERM).
        """
    }

    static func renderHelp(_ kind: AnimationKind) -> String {
        """
        Usage: animexport \(kind.rawValue) [options] OUTPUT.mp4

        \(kind.summary). Flags override the preset (default preset: \(kind.defaultPreset ?? "none, the scene's defaults")).
        Odd pixel sizes are rounded up to even; the extra pixels show the background.
        OUTPUT's extension picks the format: .mp4/.m4v (H.264; --codec hevc, av1), .mov (ProRes 4444;
        prores-hq, h264, hevc), .webm (VP9; av1), .gif, .apng, .webp, name%04d.png (a PNG sequence).
        Transparent backgrounds need .mov (ProRes 4444), .webm (VP9), .gif, .apng, .webp or PNG.

        Options:
        \(helpTable(renderFlags))
        \(kind.loopHelp.map { "\nLoops:\n" + $0 } ?? "")\(kind.extraHelp.map { "\n" + $0 } ?? "")
        """
    }

    /// Runs the command line and returns the process exit code.
    public static func run(_ arguments: [String], library: PresetLibrary = .standard()) -> Int32 {
        let args = Array(arguments.dropFirst())
        Interruption.install()
        do {
            return try dispatch(args, library: library)
        } catch {
            if case .interrupted = error {
                Interruption.finalLock.lock()       // the signal watchdog must not report it twice
                printError("animexport: \(error)")
                Interruption.exitNow(error.exitCode)
            }
            printError("animexport: \(error)")
            return error.exitCode
        }
    }

    static func dispatch(_ args: [String], library: PresetLibrary) throws(ExportError) -> Int32 {
        guard let command = args.first else {
            printError(generalHelp, lines: true)
            return 2
        }
        let rest = Array(args.dropFirst())
        switch command {
        case "--help", "-h", "help":
            if let sub = rest.first, let kind = AnimationKind(rawValue: sub) { print(renderHelp(kind)) } else { print(generalHelp) }
            return 0
        case "--version", "-V":
            print("animexport \(version)")
            return 0
        case "still":
            return try runStill(rest, library: library)
        case "batch":
            return try runBatch(rest)
        case "render":
            return try runPresetRender(rest, library: library)
        case "manifest":
            return try runManifest(rest)
        case "join":
            return try runJoin(rest)
        case "info":
            return try runLottieInfo(rest)
        case "list":
            if rest.contains("--help") || rest.contains("-h") {
                print("Usage: animexport list\n\nLists the animations and the presets found in: \(library.folders.joined(separator: ", "))\n(set ANIMEXPORT_PRESETS to folders separated by ':' to search them first)")
                return 0
            }
            guard rest.isEmpty else { throw .usage("list: unexpected argument \(rest[0])") }
            print(try listing(library))
            return 0
        default:
            if isLottiePath(command) { return try runLottieRender(command, rest, library: library) }
            guard let kind = AnimationKind(rawValue: command) else {
                if let error = notLottieFile(command, command: "") { throw error }
                let known = AnimationKind.allCases.map(\.rawValue) + ["still", "list", "batch", "render", "manifest", "info", "join"]
                let hint = nearest(to: command, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                throw .usage("unknown command or animation '\(command)'\(hint); known: \(known.joined(separator: ", "))")
            }
            let parsed = try parseArguments(rest, flags: renderFlags, command: command)
            if parsed.has("--help") { print(renderHelp(kind)); return 0 }
            return try runRender(kind, parsed, library: library)
        }
    }

    static func listing(_ library: PresetLibrary) throws(ExportError) -> String {
        let (presets, broken) = library.scan()
        var lines: [String] = []
        // Registered scenes, then sources only presets name (a Lottie file: `batch` renders those).
        var sources = AnimationKind.allCases.map { (name: $0.rawValue, summary: $0.summary, defaultPreset: $0.defaultPreset) }
        if presets.contains(where: { $0.file.lottie != nil }) {
            sources.append((LottieSource.kindName, LottieSource.summary, nil))
        }
        for source in sources {
            lines.append("\(source.name) — \(source.summary)")
            for p in presets where p.file.animation == source.name {
                let short = PresetLibrary.shortName(p.name, animation: source.name)
                let mark = short == source.defaultPreset ? " (default)" : ""
                lines.append("  \(short.padding(toLength: 12, withPad: " ", startingAt: 0))\(p.file.description ?? "")\(mark)  [\(p.path)]")
            }
        }
        if !broken.isEmpty {
            lines.append("broken presets (fix them to use them; the others work):")
            for b in broken { lines.append("  BROKEN  \(b.error)") }
        }
        return visible((lines + targetListing()).joined(separator: "\n"), keepNewlines: true)
    }
}

func byteCount(_ n: Int) -> String {
    n >= 1 << 20 ? String(format: "%.1f MB", Double(n) / 1_048_576) : String(format: "%.1f KB", Double(n) / 1024)
}
