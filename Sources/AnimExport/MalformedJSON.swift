// Why a preset's JSON could not be decoded, in one line.
//
// Foundation's JSONDecoder on Linux reports every syntax-level failure as "The given data was
// not valid JSON." with no position: an unterminated object, invalid UTF-8, a number such as
// 1e999 that is not representable, or an integer field given 1.5 or 99999999999999999999.
// JSONSerialization says more (and parses the last two, which are valid JSON), so the message
// is taken from it, or, when the JSON itself is fine, names the first number that fits no field.
import Foundation

func malformedJSONMessage(_ data: Data, _ context: DecodingError.Context) -> String {
    if data.isEmpty { return "malformed JSON: the file is empty" }
    do {
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        if let (path, number) = firstUnfittingNumber(object, path: "") {
            return "\(path.isEmpty ? "a number" : path): \(number) does not fit: integer fields take whole numbers below 2^63"
        }
        return "malformed JSON: \(oneLine(context.debugDescription))"
    } catch {
        let ns = error as NSError
        let detail = ns.userInfo[NSDebugDescriptionErrorKey] as? String ?? ns.localizedDescription
        return "malformed JSON: \(oneLine(detail))"
    }
}

/// The integer-valued preset fields (encoder.keyint, bframes, bitrate, maxrate) are decoded as
/// Int: a fraction or a number beyond ±2^63 there fails. Any number beyond ±2^63 is reported,
/// and fractions under those keys.
private func firstUnfittingNumber(_ value: Any, path: String) -> (String, String)? {
    let integerKeys: Set<String> = ["keyint", "bframes", "bitrate", "maxrate"]
    if let dict = value as? [String: Any] {
        for key in dict.keys.sorted() {
            let sub = path.isEmpty ? key : "\(path).\(key)"
            if let n = dict[key] as? NSNumber, !(dict[key] is Bool), integerKeys.contains(key) {
                let d = n.doubleValue
                if d != d.rounded() || abs(d) > 9.2e18 { return (sub, n.stringValue) }
            }
            if let found = firstUnfittingNumber(dict[key]!, path: sub) { return found }
        }
    } else if let array = value as? [Any] {
        for (i, element) in array.enumerated() {
            if let found = firstUnfittingNumber(element, path: "\(path)[\(i)]") { return found }
        }
    } else if let n = value as? NSNumber, !(value is Bool), abs(n.doubleValue) > 9.2e18 {
        return (path, n.stringValue)
    }
    return nil
}

private func oneLine(_ s: String) -> String {
    s.split(whereSeparator: \.isNewline).joined(separator: " ")
}
