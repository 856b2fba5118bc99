// Why a Lottie file was refused, in one line: the file, the JSON path, what is wrong.
//
//   anim.json: layers[3].shapes[2].ks.k[0].s: expected an array of numbers, got a string
//   anim.json: line 12, column 7 (layers[0].ks): unexpected '}', expected a value
//   anim.json: 41 MB is over the 32 MB cap on a Lottie file

/// A Lottie file that cannot be used. Always a validation error (exit code 2 in the CLI).
public struct LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    /// The JSON path ("layers[3].ks.p"), empty when the problem is the file as a whole.
    public let path: String
    /// What is wrong, with the allowed range where there is one.
    public let message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}

/// Renders path components as `layers[3].shapes[2].ks.k[0].s`.
public func jsonPathString(_ components: some Sequence<JSONPathComponent>) -> String {
    var out = ""
    for c in components {
        switch c {
        case .key(let k):
            if !out.isEmpty { out += "." }
            out += k
        case .index(let i):
            out += "[\(i)]"
        }
    }
    return out
}

/// A name or string from the file as messages quote it: in double quotes, control characters
/// shown as "?" (a message stays one line), cut to `limit` characters with "…" — a 10 MB layer
/// name must not be echoed whole.
public func quoted(_ name: some StringProtocol, limit: Int = 64) -> String {
    var out = "\""
    var count = 0
    for c in name {
        if count == limit { out += "…"; break }
        out.append(c.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "?" : c)
        count += 1
    }
    return out + "\""
}
