// Strict JSON decoding on top of Foundation's JSONDecoder.
//
// JSONDecoder ignores keys a type does not declare. Presets are edited by hand by many
// people, so a misspelt key ("radious") must be an error, not a silent default. Each
// preset type lists its keys; `rejectUnknownKeys` compares them with the keys present
// and names the nearest known key (Levenshtein distance) in the error.
import Foundation

/// Any string key, to list every key present in a JSON object.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.stringValue = String(intValue); self.intValue = intValue }
}

/// Thrown from `init(from:)` when an object has a key its type does not know.
struct UnknownKeyError: Error {
    let path: [CodingKey]
    let key: String
    let suggestion: String?
}

/// Throws `UnknownKeyError` if the object being decoded has a key outside `known`.
func rejectUnknownKeys(_ decoder: Decoder, known: [String]) throws {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    for key in container.allKeys where !known.contains(key.stringValue) {
        throw UnknownKeyError(path: decoder.codingPath, key: key.stringValue,
                              suggestion: nearest(to: key.stringValue, in: known))
    }
}

/// The candidate closest to `word`, if it is plausibly a typo of it: compared without leading
/// dashes, at most 1 edit for names of 3 to 5 characters and 2 for longer ones (a swap of two
/// neighbours is one edit), and never for names of 1 or 2 characters — `-o` is not a typo of
/// `-y`.
func nearest(to word: String, in candidates: [String]) -> String? {
    func bare(_ s: String) -> String { String(s.drop { $0 == "-" }).lowercased() }
    let w = bare(word)
    let limit = w.count <= 2 ? 0 : w.count <= 5 ? 1 : 2
    let scored = candidates.map { ($0, editDistance(w, bare($0))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= limit || best.1 == 0 ? best.0 : nil
}

/// Edit distance between two strings (by Unicode scalars): insertions, deletions,
/// substitutions and swaps of adjacent characters (optimal string alignment).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[a.count][b.count]
}

/// "layers[0].radius" from a coding path.
func fieldPath(_ path: [CodingKey], appending last: String? = nil) -> String {
    var out = ""
    for key in path {
        if let i = key.intValue { out += "[\(i)]" } else { out += out.isEmpty ? key.stringValue : ".\(key.stringValue)" }
    }
    if let last { out += out.isEmpty ? last : ".\(last)" }
    return out.isEmpty ? "(top level)" : out
}

/// Decodes `T` from JSON data, turning every decoding failure into a one-line
/// `ExportError.invalid` that names the file and the field.
func decodeStrict<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(ExportError) -> T {
    try rejectDuplicateKeys(data, file: file)
    do {
        return try JSONDecoder().decode(T.self, from: data)
    } catch let e as UnknownKeyError {
        let hint = e.suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        throw .invalid(file: file, field: fieldPath(e.path, appending: e.key), message: "unknown key\(hint)")
    } catch let e as ExportError {
        if case .invalid(nil, let field, let message) = e { throw .invalid(file: file, field: field, message: message) }
        throw e
    } catch let e as DecodingError {
        switch e {
        case .typeMismatch(let t, let c):
            throw .invalid(file: file, field: fieldPath(c.codingPath), message: "expected \(jsonTypeName(t))")
        case .valueNotFound(let t, let c):
            throw .invalid(file: file, field: fieldPath(c.codingPath), message: "expected \(jsonTypeName(t)), found null")
        case .keyNotFound(let k, let c):
            throw .invalid(file: file, field: fieldPath(c.codingPath, appending: k.stringValue), message: "missing required key")
        case .dataCorrupted(let c):
            if c.codingPath.isEmpty {
                throw .invalid(file: file, field: "(JSON)", message: malformedJSONMessage(data, c))
            }
            throw .invalid(file: file, field: fieldPath(c.codingPath), message: c.debugDescription)
        @unknown default:
            throw .invalid(file: file, field: "(JSON)", message: "\(e)")
        }
    } catch {
        throw .invalid(file: file, field: "(JSON)", message: "\(error)")
    }
}

private func jsonTypeName(_ t: Any.Type) -> String {
    switch t {
    case is Double.Type, is Float.Type: return "a number"
    case is Int.Type, is Int32.Type, is Int64.Type: return "an integer"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    default:
        let n = String(describing: t)
        if n.hasPrefix("Array") { return "an array" }
        if n.hasPrefix("Dictionary") { return "an object" }
        return "an object (\(n))"
    }
}
