// Duplicate keys in a preset or manifest are an error (issue 15 item 6).
//
// JSON (RFC 8259 §4) only says names "SHOULD be unique"; Foundation's JSONDecoder silently
// keeps the first of two equal keys and JSONSerialization the last, so `{"crf": 18, "crf": 0}`
// would mean different things to different readers — and to a reviewer reading the diff.
// Jansson's parser (JSON_REJECT_DUPLICATES) finds them, with the line and column; any other
// syntax error is left to the strict decoder, whose messages name the field.
import CJansson
import Foundation

/// Throws `.invalid` naming the line, column and key of the first duplicate key in `data`.
func rejectDuplicateKeys(_ data: Data, file: String) throws(ExportError) {
    guard !data.isEmpty else { return }
    var error = json_error_t()
    let root: UnsafeMutablePointer<json_t>? = data.withUnsafeBytes { bytes in
        json_loadb(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count,
                   Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL), &error)
    }
    if let root {
        json_decref(root)
        return
    }
    guard cjansson_error_code(&error) == cjansson_duplicate_key() else { return }
    let text = withUnsafeBytes(of: &error.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    // "duplicate object key near '"crf"'" → "crf"
    var key = text
    if let open = text.range(of: "near '\""), let close = text.range(of: "\"'", options: .backwards), open.upperBound <= close.lowerBound {
        key = String(text[open.upperBound..<close.lowerBound])
    }
    throw .invalid(file: file, field: "line \(error.line), column \(error.column)",
                   message: "duplicate key \"\(visible(key))\": each key may appear once in an object")
}

/// `json_decref` is an inline function in jansson.h: the reference count drop, then delete.
private func json_decref(_ json: UnsafeMutablePointer<json_t>) {
    if json.pointee.refcount != size_t.max {
        json.pointee.refcount -= 1
        if json.pointee.refcount == 0 { json_delete(json) }
    }
}
