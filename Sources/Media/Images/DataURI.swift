// DataURI.swift — the payload of an RFC 2397 `data:` URI, as Lottie embeds images:
//
//     data:[<media type>][;base64],<data>
//
// Only base64 payloads are accepted (the form every Lottie exporter writes); the media type is
// not trusted — the decoder recognises the image by its signature. Base64 is decoded by
// libavutil (av_base64_decode); ASCII whitespace in the payload is skipped first, and a payload
// that is not valid base64 is an error. The decoded size is capped before decoding (3/4 of the
// payload's length).

import CFFmpeg

public enum DataURI {
    /// Whether `text` is a data: URI.
    public static func isDataURI(_ text: String) -> Bool {
        text.utf8.count >= 5 && text.utf8.prefix(5).map { $0 | 0x20 } == Array("data:".utf8)
    }

    /// The decoded bytes of a base64 data: URI within `maxBytes`.
    public static func decode(_ text: String, maxBytes: Int) throws(MediaError) -> [UInt8] {
        guard isDataURI(text) else { throw MediaError("not a data: URI") }
        let utf8 = Array(text.utf8.dropFirst(5))
        guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")) else { throw MediaError("a data: URI without a comma before its data") }
        let header = String(decoding: utf8[..<comma], as: UTF8.self).lowercased()
        guard header.split(separator: ";").contains("base64") else {
            throw MediaError("a data: URI that is not base64 (\"data:\(header),…\"); embedded images must be base64")
        }
        var payload = utf8[(comma + 1)...].filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        guard payload.count / 4 * 3 <= maxBytes + 2 else {
            throw MediaError("an embedded image of about \(payload.count / 4 * 3) bytes, over the cap of \(maxBytes) bytes")
        }
        guard payload.count % 4 == 0, !payload.isEmpty else {
            throw MediaError("the base64 data's length (\(payload.count)) is not a multiple of 4")
        }
        payload.append(0)
        var out = [UInt8](repeating: 0, count: payload.count / 4 * 3 + 3)
        let n = payload.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) {
                    av_base64_decode(o.baseAddress!, $0, Int32(o.count))
                }
            }
        }
        guard n >= 0 else { throw MediaError("the data: URI's base64 data is malformed") }
        guard Int(n) <= maxBytes else { throw MediaError("an embedded image of \(n) bytes, over the cap of \(maxBytes) bytes") }
        return Array(out.prefix(Int(n)))
    }
}
