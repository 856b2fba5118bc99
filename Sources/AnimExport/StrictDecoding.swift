// Strict JSON decoding on top of Foundation's JSONDecoder.
//
// JSONDecoder ignores keys a type does not declare. Presets are edited by hand by many
// people, so a misspelt key ("radious") must be an error, not a silent default. Each
// preset type lists its keys; `rejectUnknownKeys` compares them with the keys present
// and names the nearest known key (Levenshtein distance) in the error.
import Foundation
import Scenes

// The helpers live in Scenes (scenes decode their own parameters with them); these names keep
// the app's call sites short.
func rejectUnknownKeys(_ decoder: Decoder, known: [String]) throws {
    try StrictDecoding.rejectUnknownKeys(decoder, known: known)
}

func nearest(to word: String, in candidates: [String]) -> String? { StrictDecoding.nearest(to: word, in: candidates) }

func editDistance(_ a: String, _ b: String) -> Int { StrictDecoding.editDistance(a, b) }

func fieldPath(_ path: [CodingKey], appending last: String? = nil) -> String {
    StrictDecoding.fieldPath(path, appending: last)
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
    } catch let e as SceneError {
        throw ExportError(e, file: file)
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
