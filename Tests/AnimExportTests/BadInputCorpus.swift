// The bad-input corpus (issue 7): hostile presets, flags, paths and folders, each run through
// the real binary. Every case must end with ONE line on stderr that names the problem, the
// expected exit code (2 for usage/validation, 1 for runtime failures), and the scratch folder
// exactly as it was (same names, same bytes: nothing written, existing files untouched).
// The BadInput suite in EndToEndTests.swift holds 18 more cases of the same kind.
//
// In a case, "$DIR" in an argument, the shell line or an environment value is the scratch
// folder. `preset` is written to $DIR/p.json before the run.
import Foundation
import Testing

struct CorpusCase: Sendable, CustomStringConvertible {
    enum Setup: Sendable {
        case none
        /// $DIR/o.mp4 exists with "keep me".
        case existingOutput
        /// $DIR/o.mp4 is a folder.
        case outputIsFolder
        /// $DIR/p.json is a folder.
        case presetIsFolder
        /// $DIR/p.json is 1 MiB + 1 byte of spaces around a valid preset.
        case oversizedPreset
        /// $DIR/presets holds a.json → b.json → a.json.
        case symlinkLoop
        /// $DIR/presets holds a copy of pulse-red.json named "\xFF-x.json".
        case nonUTF8PresetName
        /// $DIR/p.json is a named pipe (reading it would block forever).
        case fifoPreset
    }

    var name: String
    var args: [String] = []
    var preset: String? = nil
    var presetBytes: [UInt8]? = nil
    /// Run through /bin/bash -c instead of `args` (for bytes a Swift String cannot hold).
    var shell: String? = nil
    var setup: Setup = .none
    var environment: [String: String] = [:]
    var status: Int32 = 2
    var message: String
    var description: String { name }
}

/// A preset with `parameters` for `animation` (and more top-level keys, as JSON text).
private func preset(_ animation: String, _ parameters: String = "{}", _ extra: String = "") -> String {
    #"{"animation": "\#(animation)", "parameters": \#(parameters)\#(extra.isEmpty ? "" : ", " + extra)}"#
}
private let P = ["--preset", "$DIR/p.json"]

let badInputCorpus: [CorpusCase] = [
    // Malformed JSON and wrong types.
    CorpusCase(name: "empty preset file", args: ["pulse"] + P + ["o.mp4"], preset: "", message: "p.json: (JSON): malformed JSON: the file is empty"),
    CorpusCase(name: "truncated JSON", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "#, message: "p.json: line 1, column 24: malformed JSON: unexpected end of file in an object"),
    CorpusCase(name: "JSON array at top level", args: ["pulse"] + P + ["o.mp4"], preset: "[1, 2]", message: "(top level): expected an object"),
    CorpusCase(name: "JSON null at top level", args: ["pulse"] + P + ["o.mp4"], preset: "null", message: "(top level): expected an object, found null"),
    CorpusCase(name: "not JSON at all", args: ["pulse"] + P + ["o.mp4"], preset: "animation: pulse", message: "malformed JSON"),
    CorpusCase(name: "missing animation", args: ["pulse"] + P + ["o.mp4"], preset: #"{"seconds": 2}"#, message: "animation: missing required key"),
    CorpusCase(name: "animation is a number", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": 3}"#, message: "animation: expected a string"),
    CorpusCase(name: "canvas width is a string", args: ["pulse"] + P + ["o.mp4"], preset: preset("pulse", "{\"layers\": [{\"radius\": 1, \"duration\": 1, \"color\": \"#000000\"}]}", #""canvas": {"width": "wide", "height": 10}"#), message: "canvas.width: expected a number"),
    CorpusCase(name: "layers is an object", args: ["pulse"] + P + ["o.mp4"], preset: preset("pulse", #"{"layers": {"radius": 1}}"#), message: "parameters.layers: expected an array"),
    CorpusCase(name: "colour is not a colour", args: ["dots"] + P + ["o.mp4"], preset: preset("dots", #"{"color": "green"}"#), message: "parameters.color: 'green' is not a colour"),
    CorpusCase(name: "colour component above 1", args: ["dots"] + P + ["o.mp4"], preset: preset("dots", #"{"color": {"r": 2, "g": 0, "b": 0}}"#), message: "parameters.color.r: 2.0 is outside [0, 1]"),
    CorpusCase(name: "scaleDash is a string", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"scaleDash": "yes"}"#), message: "parameters.scaleDash: expected true or false"),
    // Non-finite and huge numbers (JSON has no NaN literal; 1e999 is the way to write ±inf).
    CorpusCase(name: "seconds 1e999", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "seconds": 1e999}"#, message: "p.json: line 1, column 35 (seconds): malformed JSON: number 1e999 is out of range (beyond ±1.8e308)"),
    CorpusCase(name: "radius -1e999", args: ["pulse"] + P + ["o.mp4"], preset: preset("pulse", ##"{"layers": [{"radius": -1e999, "duration": 1, "color": "#000000"}]}"##), message: "p.json: line 1, column 61 (parameters.layers[0].radius): malformed JSON: number -1e999 is out of range"),
    CorpusCase(name: "keyint a huge integer", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "encoder": {"keyint": 99999999999999999999999}}"#, message: "encoder.keyint: 1e+23 does not fit: this field takes whole numbers below 2^63 in magnitude"),
    CorpusCase(name: "bframes a fraction", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "encoder": {"bframes": 1.5}}"#, message: "encoder.bframes: 1.5 does not fit: this field takes whole numbers below 2^63 in magnitude"),
    CorpusCase(name: "seconds 1e300", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "seconds": 1e300}"#, message: "seconds: 1e+300 is outside the allowed range (0, 600] s"),
    CorpusCase(name: "numberOfDots 1e300", args: ["dots"] + P + ["o.mp4"], preset: preset("dots", #"{"numberOfDots": 1e300}"#), message: "parameters.numberOfDots"),
    CorpusCase(name: "level 1e300", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "encoder": {"level": 1e300}}"#, message: "encoder.level: '1e+300' is not allowed"),
    CorpusCase(name: "preset fps 1/2147483647", args: ["pulse", "--frames", "2"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "fps": "1/2147483647"}"#, message: "fps: 1/2147483647 is outside the allowed range [1, 240] fps"),
    CorpusCase(name: "--fps 1/1000", args: ["pulse", "--frames", "1", "--fps", "1/1000", "o.mp4"], message: "--fps: 1/1000 is outside the allowed range [1, 240] fps"),
    CorpusCase(name: "--seconds nan", args: ["pulse", "--seconds", "nan", "o.mp4"], message: "--seconds: 'nan' is not a number in (0, 600]"),
    CorpusCase(name: "--scale inf", args: ["pulse", "--scale", "inf", "o.mp4"], message: "--scale: 'inf' is not a number in (0, 16]"),
    CorpusCase(name: "--frames beyond Int", args: ["pulse", "--frames", "99999999999999999999", "o.mp4"], message: "--frames: '99999999999999999999' is not an integer in [1, 144000]"),
    // Negative or zero sizes, radii, durations.
    CorpusCase(name: "canvas width 0", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "canvas": {"width": 0, "height": 10}}"#, message: "canvas.width: 0 is outside the allowed range (0, 10000] pt"),
    CorpusCase(name: "radius negative", args: ["pulse"] + P + ["o.mp4"], preset: preset("pulse", ##"{"layers": [{"radius": -5, "duration": 1, "color": "#000000"}]}"##), message: "parameters.layers[0].radius: -5 pt is outside"),
    CorpusCase(name: "duration zero", args: ["pulse"] + P + ["o.mp4"], preset: preset("pulse", ##"{"layers": [{"radius": 5, "duration": 0, "color": "#000000"}]}"##), message: "parameters.layers[0].duration: 0 s is outside"),
    CorpusCase(name: "no layers", args: ["pulse"] + P + ["o.mp4"], preset: preset("pulse", #"{"layers": []}"#), message: "parameters.layers: needs 1 to 64 layers, found 0"),
    CorpusCase(name: "dotSize negative", args: ["dots"] + P + ["o.mp4"], preset: preset("dots", #"{"dotSize": -50}"#), message: "parameters.dotSize"),
    CorpusCase(name: "heart size 0", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"size": 0}"#), message: "parameters.size: 0 pt is outside the allowed range (0, 2000] pt"),
    CorpusCase(name: "heart period negative", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"period": -2.5}"#), message: "parameters.period"),
    CorpusCase(name: "--size 0x0", args: ["pulse", "--size", "0x10", "o.mp4"], message: "--size: '0x10' is not WIDTHxHEIGHT"),
    // Dash arrays.
    CorpusCase(name: "heart dashOn 0", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"dashOn": 0}"#), message: "parameters.dashOn: 0 pt is outside the allowed range (0, 100000] pt"),
    CorpusCase(name: "heart dashOff negative", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"dashOff": -15}"#), message: "parameters.dashOff: -15.0 pt is outside"),
    CorpusCase(name: "heart millions of dashes", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"size": 2000, "dashOn": 0.0001, "dashOff": 0.0001, "scaleDash": false}"#), message: "dashes on the outline; at most 10000"),
    CorpusCase(name: "heart dashes explode with scaleDash", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"dashOn": 0.001, "dashOff": 0}"#), message: "at most 10000"),
    // Absurd scale and frame counts.
    CorpusCase(name: "preset scale 1e6", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "scale": 1000000}"#, message: "scale: 1000000 is outside the allowed range (0, 16]"),
    CorpusCase(name: "--scale 16 is over 4096 px", args: ["pulse", "--scale", "16", "o.mp4"], message: "6400×6400 px; each side must be in [1, 4096] px (choose a smaller --scale or a --size)"),
    CorpusCase(name: "--frames 144001", args: ["pulse", "--frames", "144001", "o.mp4"], message: "--frames: '144001' is not an integer in [1, 144000]"),
    CorpusCase(name: "--loops 10^9", args: ["pulse", "--loops", "1000000000", "o.mp4"], message: "--loops"),
    CorpusCase(name: "4096x4096 is over the pixel cap", args: ["pulse", "--size", "4096x4096", "o.mp4"], message: "over the cap"),
    // Unknown animations, parameters and encoder options.
    CorpusCase(name: "unknown animation in preset", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "spin"}"#, message: "animation: unknown animation 'spin'"),
    CorpusCase(name: "preset of another animation", args: ["pulse"] + P + ["o.mp4"], preset: preset("dots"), message: "is a preset for 'dots', not 'pulse'"),
    CorpusCase(name: "unknown heart parameter", args: ["heart"] + P + ["o.mp4"], preset: preset("heart", #"{"dashon": 10}"#), message: "parameters.dashon: unknown key (did you mean 'dashOn'?)"),
    CorpusCase(name: "unknown top-level key", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "sceonds": 3}"#, message: "sceonds: unknown key (did you mean 'seconds'?)"),
    CorpusCase(name: "unknown encoder key", args: ["pulse"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "encoder": {"qp": 3}}"#, message: "encoder.qp: unknown key"),
    CorpusCase(name: "unknown x264 param in preset", args: ["pulse", "--frames", "1"] + P + ["o.mp4"], preset: #"{"animation": "pulse", "encoder": {"params": {"bogus-opt": "1"}}}"#, message: "option 'bogus-opt' is not allowed for libx264"),
    CorpusCase(name: "unknown x264 preset", args: ["pulse", "--x264-preset", "ludicrous", "o.mp4"], message: "--x264-preset: 'ludicrous' is not allowed"),
    CorpusCase(name: "still of unknown animation", args: ["still", "spin", "x.png"], message: "still: unknown animation 'spin'"),
    // Paths and folders.
    CorpusCase(name: "existing output without -y", args: ["pulse", "--frames", "1", "o.mp4"], setup: .existingOutput, message: "o.mp4: already exists; pass -y to replace it"),
    CorpusCase(name: "output is a folder", args: ["pulse", "--frames", "1", "o.mp4"], setup: .outputIsFolder, message: "o.mp4: is a directory"),
    CorpusCase(name: "output is a folder, with -y", args: ["pulse", "--frames", "1", "-y", "o.mp4"], setup: .outputIsFolder, message: "o.mp4: is a directory"),
    CorpusCase(name: "still into an unwritable folder", args: ["still", "pulse", "/proc/animexport-test.png"], message: "folder /proc is not writable"),
    CorpusCase(name: "preset is a folder", args: ["pulse"] + P + ["o.mp4"], setup: .presetIsFolder, message: "p.json is a directory, not a preset file"),
    CorpusCase(name: "preset over 1 MiB", args: ["pulse"] + P + ["o.mp4"], setup: .oversizedPreset, message: "larger than 1048576 bytes"),
    CorpusCase(name: "preset is a named pipe", args: ["pulse"] + P + ["o.mp4"], setup: .fifoPreset, message: "p.json: (file): not a regular file"),
    CorpusCase(name: "preset /dev/zero", args: ["pulse", "--preset", "/dev/zero", "o.mp4"], message: "/dev/zero: (file): not a regular file"),
    CorpusCase(name: "preset in a loop of symlinks", args: ["pulse", "--preset", "$DIR/presets/a.json", "o.mp4"], setup: .symlinkLoop, message: "a.json: a loop of symbolic links"),
    CorpusCase(name: "preset name through a loop of symlinks", args: ["pulse", "--preset", "$DIR/presets/a.json", "o.mp4"], setup: .symlinkLoop, message: "a.json: a loop of symbolic links"),
    CorpusCase(name: "non-UTF-8 output name", shell: #"exec "$BIN" pulse --frames 1 $'\xff\xfe.mp4'"#, message: #"argument 4 is not valid UTF-8 (\xFF\xFE.mp4)"#),
    CorpusCase(name: "non-UTF-8 preset path", shell: #"exec "$BIN" pulse --preset $'\xc3(.json' o.mp4"#, message: "argument 3 is not valid UTF-8"),
    CorpusCase(name: "non-UTF-8 preset contents", args: ["pulse"] + P + ["o.mp4"], presetBytes: Array(#"{"animation": "pulse", "description": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), message: "p.json: line 1, column 39 (description): malformed JSON: invalid UTF-8 in a string"),
]

@Suite struct BadInputCorpus {
    @Test func atLeastFortyCases() {
        #expect(badInputCorpus.count + BadInput.cases.count >= 40)
        #expect(Set(badInputCorpus.map(\.name)).count == badInputCorpus.count, "case names are unique")
    }

    @Test(arguments: badInputCorpus) func rejected(_ c: CorpusCase) throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let fm = FileManager.default
        if let p = c.preset { #expect(fm.createFile(atPath: dir + "/p.json", contents: Data(p.utf8))) }
        if let b = c.presetBytes { #expect(fm.createFile(atPath: dir + "/p.json", contents: Data(b))) }
        switch c.setup {
        case .none: break
        case .existingOutput: _ = fm.createFile(atPath: dir + "/o.mp4", contents: Data("keep me".utf8))
        case .outputIsFolder: try fm.createDirectory(atPath: dir + "/o.mp4", withIntermediateDirectories: false)
        case .presetIsFolder: try fm.createDirectory(atPath: dir + "/p.json", withIntermediateDirectories: false)
        case .oversizedPreset:
            let body = Data(#"{"animation": "pulse"}"#.utf8)
            _ = fm.createFile(atPath: dir + "/p.json", contents: body + Data(repeating: 0x20, count: (1 << 20) + 1 - body.count))
        case .symlinkLoop:
            try fm.createDirectory(atPath: dir + "/presets", withIntermediateDirectories: false)
            try fm.createSymbolicLink(atPath: dir + "/presets/a.json", withDestinationPath: "b.json")
            try fm.createSymbolicLink(atPath: dir + "/presets/b.json", withDestinationPath: "a.json")
        case .nonUTF8PresetName:
            let r = try run(["-c", #"mkdir presets && cp "$SRC/pulse-red.json" presets/$'\xff-x.json'"#], cwd: dir,
                            environment: ["SRC": presetsFolder], executable: "/bin/bash")
            #expect(r.status == 0, "\(r.stderr)")
        case .fifoPreset: #expect(mkfifo(dir + "/p.json", 0o600) == 0)
        }
        let before = snapshot(dir)
        let substitute = { (s: String) in s.replacingOccurrences(of: "$DIR", with: dir) }
        let env = c.environment.mapValues(substitute)
        let r: RunResult
        if let line = c.shell {
            r = try run(["-c", line], cwd: dir, environment: env.merging(["BIN": binaryPath()]) { a, _ in a }, executable: "/bin/bash")
        } else {
            r = try run(c.args.map(substitute), cwd: dir, environment: env)
        }
        #expect(r.status == c.status, "\(c): status \(r.status), stderr \(r.stderr)")
        #expect(r.stderr.contains(c.message), "\(c): \(r.stderr)")
        let lines = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("x264 [") }
        #expect(lines.count == 1 && r.stderr.hasPrefix("animexport: "), "\(c): one line: \(r.stderr)")
        #expect(r.stdout.isEmpty, "\(c): stdout \(r.stdout)")
        #expect(snapshot(dir) == before, "\(c): the folder changed")
    }
}

/// Every name under `folder` (recursively, symlinks not followed) with its bytes (regular
/// files), its target (symlinks) or a marker (folders, pipes).
func snapshot(_ folder: String) -> [String: Data] {
    var out: [String: Data] = [:]
    let fm = FileManager.default
    func walk(_ path: String, _ rel: String) {
        for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] {
            let full = path + "/" + name, key = rel + name
            var st = stat()
            guard lstat(full, &st) == 0 else { out[key] = Data("?".utf8); continue }
            switch st.st_mode & S_IFMT {
            // (Empty files are not read: FileManager.contents(atPath:) leaks 4 KB for one.)
            case S_IFREG: out[key] = st.st_size == 0 ? Data() : fm.contents(atPath: full) ?? Data("unreadable".utf8)
            case S_IFLNK: out[key] = Data(("-> " + ((try? fm.destinationOfSymbolicLink(atPath: full)) ?? "?")).utf8)
            case S_IFDIR: out[key] = Data("dir".utf8); walk(full, key + "/")
            default: out[key] = Data("special \(st.st_mode)".utf8)
            }
        }
    }
    walk(folder, "")
    return out
}
