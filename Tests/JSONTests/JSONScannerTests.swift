import TestSupport
import Foundation
import Testing
@testable import JSON

@Suite struct JSONScannerTests {
    let limits = JSONLimits(maxDepth: 64, maxValues: 1_000_000)

    func parse(_ text: String) throws -> JSONValue { try JSONScanner.parse(Array(text.utf8), limits: limits) }

    func number(_ text: String) throws -> Double {
        guard case .number(let n) = try parse(text) else { Issue.record("not a number: \(text)"); return .nan }
        return n
    }

    @Test func valuesAndStructure() throws {
        let v = try parse(#" {"a": [1, -2.5, true, false, null, "x"], "b": {}, "c": [] } "#)
        guard case .object(let o) = v, case .array(let a)? = o["a"] else { Issue.record("shape"); return }
        #expect(a.count == 6)
        if case .number(let n) = a[1] { #expect(n == -2.5) } else { Issue.record("a[1]") }
        if case .bool(let b) = a[2] { #expect(b) } else { Issue.record("a[2]") }
        if case .null = a[4] {} else { Issue.record("a[4]") }
        if case .string(let s) = a[5] { #expect(s == "x") } else { Issue.record("a[5]") }
        #expect(o.keys == ["a", "b", "c"])
    }

    @Test func duplicateKeysResolveToTheLast() throws {
        guard case .object(let o) = try parse(#"{"k": 1, "k": 2}"#), case .number(let n)? = o["k"] else { Issue.record("k"); return }
        #expect(n == 2)
    }

    @Test func stringEscapes() throws {
        guard case .string(let s) = try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00é""#) else { Issue.record("string"); return }
        #expect(s == "a\"b\\c/d\n\té😀é")
    }

    /// The fast path (Clinger) and the slow path agree with the standard library's correctly
    /// rounded parser on seeded random decimals.
    @Test func numbersRoundCorrectly() throws {
        var rng = SeededGenerator(seed: 0x5EED_1234)
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...22, using: &rng)
            var mantissa = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            mantissa = String(mantissa.drop { $0 == "0" }); if mantissa.isEmpty { mantissa = "0" }
            let point = Int.random(in: 0...mantissa.count, using: &rng)
            var text = point == mantissa.count ? mantissa : String(mantissa.prefix(point).isEmpty ? "0" : mantissa.prefix(point)) + "." + mantissa.dropFirst(point)
            if Bool.random(using: &rng) { text += "e\(Int.random(in: -30...30, using: &rng))" }
            if Bool.random(using: &rng) { text = "-" + text }
            #expect(try number(text).bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        #expect(try number("0.1") == 0.1)
        #expect(try number("29.9700012207031") == 29.9700012207031)
        #expect(try number("1e308") == 1e308)
        #expect(try number("123456789012345678901234567890") == 123456789012345678901234567890.0)
        #expect(try number("-0") == 0)
    }

    @Test(arguments: [
        ("", "the file is empty"),
        ("{", "unexpected end of file in an object"),
        ("[1,]", "unexpected ']', expected a value"),
        ("[01]", "leading zero"),
        ("[1.]", "expected a digit after '.'"),
        ("[1e999]", "out of range"),
        ("[-]", "expected a digit"),
        ("{\"a\" 1}", "expected ':' after \"a\""),
        ("[\"a\u{1}\"]", "raw control character"),
        ("[\"\\ud800\"]", "lone UTF-16 surrogate"),
        ("[\"\\x\"]", "invalid escape"),
        ("[tru]", "invalid literal"),
        ("[1] 2", "after the end of the document"),
        ("[NaN]", "unexpected 'N'"),
    ])
    func syntaxErrors(_ text: String, _ message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed: \(text)")
        } catch let error as JSONSyntaxError {
            #expect(error.message.contains(message), "\(text): \(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONSyntaxError.self) { try JSONScanner.parse([0x22, 0xC3, 0x28, 0x22], limits: limits) }
    }

    @Test func errorsCarryThePathAndPosition() throws {
        let text = "{\"layers\": [{}, {\"ks\": {\"p\": [1, 2,]}}]}"
        do {
            _ = try parse(text)
            Issue.record("parsed")
        } catch let error as JSONSyntaxError {
            #expect(jsonPathString(error.path) == "layers[1].ks.p[2]")
            let (line, column) = Array(text.utf8).withUnsafeBufferPointer { JSONScanner.lineAndColumn(of: error.offset, in: $0) }
            #expect(line == 1 && column == 36, "\(line):\(column)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func depthAndValueCaps() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect { try parse(deep) } throws: { ($0 as! JSONSyntaxError).message.contains("deeper than 64") }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parse(ok) }
        let many = "[" + Array(repeating: "0", count: 100).joined(separator: ",") + "]"
        #expect { try JSONScanner.parse(Array(many.utf8), limits: JSONLimits(maxDepth: 8, maxValues: 100)) } throws: {
            ($0 as! JSONSyntaxError).message.contains("more than 100 JSON values")
        }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let v = try JSONScanner.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), limits: limits)
        if case .array(let a) = v { #expect(a.count == 1) } else { Issue.record("not an array") }
    }
}

