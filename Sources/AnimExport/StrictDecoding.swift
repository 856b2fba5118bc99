// Presets, delivery targets and manifests read by the one JSON reader (the JSON module), and
// decoded strictly.
//
// The scanner refuses what JSON allows but a hand-edited file should not have — a key that
// occurs twice (`{"crf": 18, "crf": 0}` would mean one thing to the tool and another to a
// reviewer reading the diff) — and every syntax error names its line, column and JSON path.
// Swift's Decodable, over the parsed value (JSON/JSONValueDecoder.swift), ignores keys a type
// does not declare; presets are edited by hand by many people, so each preset type lists its
// keys and `rejectUnknownKeys` names the nearest known key (Levenshtein distance) for a misspelt
// one ("radious"). Every failure becomes one `ExportError.invalid` naming the file and the field.
import Foundation
import JSON
import Scenes

/// The caps on a preset, target or manifest as JSON: nesting and values far beyond any real file
/// (the files themselves are capped in bytes: presets 1 MiB, manifests 64 MiB); each key once.
let configJSONLimits = JSONLimits(maxDepth: 128, maxValues: 4_000_000, rejectDuplicateKeys: true)

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

/// Parses the JSON file `file` (its bytes `data`): a syntax error, a duplicate key or a cap is an
/// `ExportError.invalid` naming the line, column and path (`p.json: line 2, column 25 (encoder):
/// duplicate key "crf": …`).
func parseJSON(_ data: Data, file: String) throws(ExportError) -> JSONValue {
    let bytes = [UInt8](data)
    do {
        return try JSONScanner.parse(bytes, limits: configJSONLimits)
    } catch {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .invalid(file: file, field: "(JSON)", message: "malformed JSON: the file is empty")
        }
        throw .invalid(file: file, field: error.location(in: bytes),
                       message: error.duplicateKey != nil ? error.message : "malformed JSON: \(error.message)")
    }
}

/// Parses and decodes `T` from the JSON file `file` (its bytes `data`).
func decodeStrict<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(ExportError) -> T {
    try decodeStrict(type, from: parseJSON(data, file: file), file: file)
}

/// Decodes `T` from `json` (read from `file`), turning every decoding failure into a one-line
/// `ExportError.invalid` that names the file and the field.
func decodeStrict<T: Decodable>(_ type: T.Type, from json: JSONValue, file: String) throws(ExportError) -> T {
    do {
        return try JSONValueDecoder().decode(T.self, from: json)
    } catch let e as UnknownKeyError {
        let hint = e.suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        throw .invalid(file: file, field: fieldPath(e.path, appending: e.key), message: "unknown key\(hint)")
    } catch let e as SceneError {
        throw ExportError(e, file: file)
    } catch let e as ExportError {
        if case .invalid(nil, let field, let message) = e { throw .invalid(file: file, field: field, message: message) }
        throw e
    } catch let e as DecodingError {
        throw decodingFailure(e, file: file)
    } catch {
        throw .invalid(file: file, field: "(JSON)", message: "\(error)")
    }
}

private func decodingFailure(_ e: DecodingError, file: String) -> ExportError {
    switch e {
    case .typeMismatch(let t, let c):
        return .invalid(file: file, field: fieldPath(c.codingPath), message: "expected \(jsonTypeName(t)), \(c.debugDescription)")
    case .valueNotFound(let t, let c):
        return .invalid(file: file, field: fieldPath(c.codingPath), message: "expected \(jsonTypeName(t)), found nothing")
    case .keyNotFound(let k, let c):
        return .invalid(file: file, field: fieldPath(c.codingPath, appending: k.stringValue), message: "missing required key")
    case .dataCorrupted(let c):
        return .invalid(file: file, field: fieldPath(c.codingPath), message: c.debugDescription)
    @unknown default:
        return .invalid(file: file, field: "(JSON)", message: "cannot be decoded")
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
