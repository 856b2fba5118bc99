// The one JSON reader's other half (JSON/JSONValueDecoder.swift, JSONCanonical.swift) and the
// scanner's duplicate-name rule: Decodable types read from a JSONValue with the field named in
// every error, whole numbers only for integer fields, names refused when they occur twice (when
// asked), and the canonical text that hashes a preset.
import Foundation
import Testing
@testable import JSON

@Suite struct JSONDecodingTests {
    struct Encoder: Decodable, Equatable {
        var crf: Int
        var preset: String?
        var tune: [String]
        var gain: Double
        var on: Bool
    }

    struct Preset: Decodable, Equatable {
        var encoder: Encoder
        var layers: [[String: Double]]
    }

    func value(_ text: String, duplicates: Bool = false) throws -> JSONValue {
        try JSONScanner.parse(Array(text.utf8), limits: JSONLimits(maxDepth: 16, maxValues: 1_000, rejectDuplicateKeys: duplicates))
    }

    func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONValueDecoder().decode(type, from: value(text))
    }

    /// The coding path and message of the error decoding `text` as a Preset.
    func failure(_ text: String) -> String {
        do { _ = try decode(Preset.self, text); return "no error" } catch let e as DecodingError {
            switch e {
            case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
                return c.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined() + ": " + c.debugDescription
            case .keyNotFound(let k, let c):
                return c.codingPath.map(\.stringValue).joined(separator: ".") + " missing " + k.stringValue
            @unknown default: return "?"
            }
        } catch { return "\(error)" }
    }

    @Test func decodesNestedTypesOptionalsAndArrays() throws {
        let p = try decode(Preset.self, #"{"encoder": {"crf": 18, "tune": ["film"], "gain": 0.5, "on": true, "preset": null}, "layers": [{"r": 2}, {}]}"#)
        #expect(p == Preset(encoder: Encoder(crf: 18, preset: nil, tune: ["film"], gain: 0.5, on: true), layers: [["r": 2], [:]]))
        #expect(try decode(Int8.self, "-128") == -128)
        #expect(try decode(Float.self, "0.25") == 0.25)
        #expect(try decode([String?].self, #"["a", null]"#) == ["a", nil])
    }

    @Test func errorsNameTheField() {
        let ok = #""crf": 18, "tune": [], "gain": 1, "on": false"#
        #expect(failure(#"{"encoder": {\#(ok)}, "layers": [{"r": "big"}]}"#) == ".layers[0].r: found a string")
        #expect(failure(#"{"encoder": {"crf": 18, "tune": [], "gain": 1, "on": 1}, "layers": []}"#) == ".encoder.on: found a number")
        #expect(failure(#"{"encoder": {"crf": 1.5, "tune": [], "gain": 1, "on": true}, "layers": []}"#)
                == ".encoder.crf: 1.5 does not fit: this field takes whole numbers below 2^63 in magnitude")
        #expect(failure(#"{"encoder": {"crf": 1e19, "tune": [], "gain": 1, "on": true}, "layers": []}"#).hasPrefix(".encoder.crf: 1e+19 does not fit"))
        #expect(failure(#"{"encoder": {"tune": [], "gain": 1, "on": true}, "layers": []}"#) == "encoder missing crf")
        #expect(failure(#"{"encoder": {\#(ok)}, "layers": {}}"#) == ".layers: found an object")
        #expect(failure(#"{"encoder": {\#(ok), "gain": null}, "layers": []}"#) == ".encoder.gain: found null")
        #expect(throws: DecodingError.self) { try decode(UInt8.self, "256") }
        do { _ = try decode(UInt8.self, "-1"); Issue.record("no error") } catch {
            guard case DecodingError.dataCorrupted(let c) = error else { Issue.record("\(error)"); return }
            #expect(c.debugDescription == "-1 does not fit: this field takes whole numbers in 0…255")
        }
        #expect(throws: DecodingError.self) { try decode(Float.self, "1e300") }
    }

    @Test func keysComeInFileOrder() throws {
        struct Keys: Decodable {
            var names: [String]
            init(from decoder: Decoder) throws {
                struct Key: CodingKey { var stringValue: String; var intValue: Int? { nil }
                    init?(stringValue: String) { self.stringValue = stringValue }; init?(intValue: Int) { nil } }
                names = try decoder.container(keyedBy: Key.self).allKeys.map(\.stringValue)
            }
        }
        #expect(try decode(Keys.self, #"{"z": 1, "a": 2, "m": 3}"#).names == ["z", "a", "m"])
        // A large object (looked up through an index): every member, the last of a repeated name.
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let big = try decode([String: Int].self, "{\(members), \"k7\": 700}")
        #expect(big.count == 40 && big["k39"] == 39 && big["k7"] == 700)
    }

    @Test func duplicateNamesAreRefusedWhenAskedWithTheirPlace() throws {
        // Lottie files keep the last (as JavaScript players read them).
        guard case .object(let o) = try value(#"{"a": 1, "a": 2}"#) else { Issue.record("object"); return }
        #expect(o["a"]?.canonicalText == "2")
        let text = "{\"animation\": \"pulse\",\n \"encoder\": {\"crf\": 18, \"crf\": 0}}"
        do {
            _ = try value(text, duplicates: true)
            Issue.record("no error")
        } catch let error as JSONSyntaxError {
            #expect(error.duplicateKey == "crf")
            #expect(error.location(in: Array(text.utf8)) == "line 2, column 25 (encoder)")
            #expect(error.message == #"duplicate key "crf": each key may appear once in an object"#)
        }
        // The same name in two objects is fine.
        #expect(throws: Never.self) { try value(#"{"a": {"x": 1}, "b": {"x": 2}}"#, duplicates: true) }
    }

    @Test func canonicalTextIgnoresWhitespaceAndOrder() throws {
        let a = try value("{\"b\": [1.0, 2.5, -0, 1e300], \"a\": {\"y\": \"q\\\"\\u0001\", \"x\": null},\n \"é\": true, \"e\": false}")
        let b = try value(#"{"a":{"x":null,"y":"q\"\u0001"},"b":[1,2.5,0,1e300],"e":false,"é":true}"#)
        #expect(a.canonicalText == #"{"a":{"x":null,"y":"q\"\u0001"},"b":[1,2.5,0,1e+300],"e":false,"é":true}"#)
        #expect(a.canonicalText == b.canonicalText)
    }
}
