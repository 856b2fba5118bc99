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

/// The candidate closest to `word` by edit distance, if it is plausibly a typo of it.
func nearest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = max(2, word.count / 3)
    return best.1 <= limit ? best.0 : nil
}

/// Levenshtein distance between two strings (by Unicode scalars).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
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
