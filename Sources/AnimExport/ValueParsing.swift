// Strict parsing of the values that are not plain numbers: sizes, the OUTPUT argument
// (issue 15 item 6). Every accepted form is listed; anything else is an error that says which
// form was expected.
import Foundation

/// "1080x1920" (or "1080X1920"): two runs of ASCII digits around one "x", each side in
/// [1, Limits.maxSide]. Refused: "x64x64", "64x", "64x64x", "+64x64", " 64x64", "64.0x64",
/// "0x40", and digits that overflow.
func parseSize(_ text: String) -> (width: Int, height: Int)? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    var sides: [Int] = []
    for p in parts {
        guard !p.isEmpty, p.count <= 6, p.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(p),
              (1...Limits.maxSide).contains(v) else { return nil }
        sides.append(v)
    }
    return (sides[0], sides[1])
}

/// The file to write: `-o/--output FILE` or one positional OUTPUT, not both.
func outputArgument(_ args: ParsedArguments, example: String, command: String) throws(ExportError) -> String {
    let named = args.all("--output")
    if named.count > 1 { throw .usage("\(command): --output given more than once") }
    if let o = named.first {
        guard args.positionals.isEmpty else {
            throw .usage("\(command): give OUTPUT once: -o \(o) and \(args.positionals.joined(separator: " "))")
        }
        guard !o.isEmpty else { throw .usage("\(command): --output: the file name is empty") }
        return o
    }
    guard args.positionals.count == 1 else {
        throw .usage(args.positionals.isEmpty
            ? "\(command): missing OUTPUT file (e.g. \(example))"
            : "\(command): expected one OUTPUT, got \(args.positionals.count): \(args.positionals.joined(separator: " "))")
    }
    return args.positionals[0]
}

/// x264's `threads` option, when given as a parameter: an integer in [0, 128] (0: x264's own
/// choice; 128 is x264's X264_THREAD_MAX) — a negative or huge count is an error before
/// anything runs, not an encoder failure.
func checkThreadParam(_ params: [(key: String, value: String)], file: String, fromFlag: Bool) throws(ExportError) {
    guard let v = params.last(where: { $0.key == "threads" })?.value else { return }
    guard v.count <= 4, let n = Int(v), (0...128).contains(n) else {
        let message = "threads=\(visible(v)) is not an integer in [0, 128] (0: x264 chooses)"
        if fromFlag { throw .usage("--param: \(message)") }
        throw .invalid(file: file, field: "encoder.params.threads", message: message)
    }
}
