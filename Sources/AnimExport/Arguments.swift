// A small command-line parser: flags with or without values, repeatable flags, positionals.
//
// Accepts `--name value`, `--name=value`, short aliases (-y, -h), and `--` to end flags.
// Unknown flags are usage errors that suggest the nearest known flag. No Swift packages
// can be fetched on our machines, so this stays ours: small and tested.

/// One flag a command understands.
public struct FlagSpec: Sendable {
    public var name: String            // "--seconds"
    public var alias: String?          // "-y"
    public var valueName: String?      // nil for a switch; "S" for --seconds S
    public var repeatable: Bool
    public var help: String

    public init(_ name: String, alias: String? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name; self.alias = alias; self.valueName = value; self.repeatable = repeatable; self.help = help
    }
}

/// The parsed command line of one command.
public struct ParsedArguments: Sendable {
    public var values: [String: [String]] = [:]   // flag name → values ("" for a switch)
    public var positionals: [String] = []

    public func has(_ flag: String) -> Bool { values[flag] != nil }
    public func value(_ flag: String) -> String? { values[flag]?.last }
    public func all(_ flag: String) -> [String] { values[flag] ?? [] }
}

public func parseArguments(_ args: [String], flags: [FlagSpec], command: String) throws(ExportError) -> ParsedArguments {
    var out = ParsedArguments()
    var i = 0
    var flagsEnded = false
    while i < args.count {
        let arg = args[i]
        i += 1
        if flagsEnded || !arg.hasPrefix("-") || arg == "-" {
            out.positionals.append(arg)
            continue
        }
        if arg == "--" { flagsEnded = true; continue }
        var name = arg
        var inline: String?
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            name = String(arg[..<eq])
            inline = String(arg[arg.index(after: eq)...])
        }
        guard let spec = flags.first(where: { $0.name == name || $0.alias == name }) else {
            // A negative number where a positional is expected is not a flag.
            if Double(arg) != nil { out.positionals.append(arg); continue }
            let hint = nearest(to: name, in: flags.map(\.name)).map { " (did you mean \($0)?)" } ?? ""
            throw .usage("\(command): unknown option \(name)\(hint); see 'animexport \(command) --help'")
        }
        let value: String
        if spec.valueName != nil {
            if let inline {
                value = inline
            } else {
                guard i < args.count else { throw .usage("\(command): \(spec.name) needs a value (\(spec.valueName!))") }
                value = args[i]
                i += 1
            }
        } else {
            if inline != nil { throw .usage("\(command): \(spec.name) takes no value") }
            value = ""
        }
        if out.values[spec.name] != nil && !spec.repeatable {
            throw .usage("\(command): \(spec.name) given more than once")
        }
        out.values[spec.name, default: []].append(value)
    }
    return out
}

/// The help text's option table.
public func helpTable(_ flags: [FlagSpec]) -> String {
    let rows = flags.map { f -> (String, String) in
        var left = f.alias.map { "\($0), " } ?? "    "
        left += f.name
        if let v = f.valueName { left += " \(v)" }
        return (left, f.help)
    }
    let width = min(34, (rows.map { $0.0.count }.max() ?? 0) + 2)
    return rows.map { l, r in
        let pad = l.count < width ? String(repeating: " ", count: width - l.count) : "  "
        return "  \(l)\(pad)\(r)"
    }.joined(separator: "\n")
}

// MARK: - typed value parsing (errors name the flag and the allowed range)

func parseDouble(_ text: String, flag: String, range: ClosedRange<Double>, openLower: Bool = false) throws(ExportError) -> Double {
    guard let v = Double(text), v.isFinite, range.contains(v), !(openLower && v == range.lowerBound) else {
        let lower = openLower ? "(\(format(range.lowerBound))" : "[\(format(range.lowerBound))"
        throw .usage("\(flag): '\(text)' is not a number in \(lower), \(format(range.upperBound))]")
    }
    return v
}

func parseInt(_ text: String, flag: String, range: ClosedRange<Int>) throws(ExportError) -> Int {
    guard let v = Int(text), range.contains(v) else {
        throw .usage("\(flag): '\(text)' is not an integer in [\(range.lowerBound), \(range.upperBound)]")
    }
    return v
}
