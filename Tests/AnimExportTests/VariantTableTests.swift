// The variants table (Variants/CSVTable.swift, VariantTable.swift) and `{column}` substitution
// (VariantSubstitution.swift): RFC 4180 quoting, line breaks in cells, a BOM, CRLF, ragged rows,
// the caps, and the substitution's errors — each error naming its row and column.
import Foundation
import JSON
import Testing
@testable import AnimExport

/// `text` parsed as the presets' JSON.
private func json(_ text: String) throws -> JSONValue {
    try JSONScanner.parse(Array(text.utf8), limits: configJSONLimits)
}

@Suite struct VariantTableTests {
    @Test func csvReadsQuotesLineBreaksBOMAndCRLF() throws {
        let text = "\u{FEFF}locale, headline ,note\r\nde,\"Sag \"\"Hallo\"\"\",\"eins,\r\nzwei\"\r\nja,こんにちは,\r\n\r\n"
        let t = try CSVTable.parse(text)
        #expect(t.columns == ["locale", "headline", "note"])
        #expect(t.rows == [["de", "Sag \"Hallo\"", "eins,\r\nzwei"], ["ja", "こんにちは", ""]])
        // LF only, no final line break, a quoted empty cell.
        #expect(try CSVTable.parse("a,b\n1,\"\"").rows == [["1", ""]])
    }

    @Test func csvErrorsNameRowAndColumn() {
        func error(_ text: String) -> String {
            do { _ = try CSVTable.parse(text); return "no error" } catch { return "row \(error.row) col \(error.column.map(String.init) ?? "-"): \(error.message)" }
        }
        #expect(error("a,b\n1,2\n3\n") == "row 3 col -: 1 cells; the header has 2")
        #expect(error("a,b\n1,x\"y\n").hasPrefix("row 2 col 2: a quote inside an unquoted cell"))
        #expect(error("a,b\n1,\"open\n") .hasPrefix("row 2 col 2: a quoted cell is not closed"))
        #expect(error("a,\"b\"x\n").hasPrefix("row 1 col 2: text after a closing quote"))
        #expect(error("a,a\n1,2\n") == "row 1 col 2: the column name 'a' twice")
        #expect(error("") == "row 1 col -: is empty (the first row names the columns)")
        #expect(error("a\n" + String(repeating: "x", count: Limits.maxVariantCellBytes + 1)).contains("over the cap of 4096"))
        let rows = "a\n" + String(repeating: "1\n", count: Limits.maxVariantRows + 1)
        #expect(error(rows).contains("more than 10000 rows"))
        #expect(error(String(repeating: "c,", count: Limits.maxVariantColumns) + "c\n").contains("more than 256 columns"))
    }

    @Test func inlineAndJSONRowsTakeStringsNumbersAndBooleans() throws {
        let rows = try VariantTable.rows(json(#"[{"locale": "de", "alpha": 60, "on": true, "k": 0.5}]"#), presetPath: "p/x.json")
        #expect(rows.count == 1 && rows[0].number == 1)
        #expect(rows[0].cell("alpha") == "60" && rows[0].cell("on") == "true" && rows[0].cell("k") == "0.5" && rows[0].cell("locale") == "de")
        #expect(rows[0].cells.map(\.column) == ["locale", "alpha", "on", "k"])   // the row's own column order
        #expect(throws: ExportError.self) { try VariantTable.rows(json(#"[{"x": ["nested"]}]"#), presetPath: "p/x.json") }
        #expect(throws: ExportError.self) { try VariantTable.rows(.string("../rows.csv"), presetPath: "p/x.json") }
        #expect(throws: ExportError.self) { try VariantTable.rows(.string("/etc/passwd.csv"), presetPath: "p/x.json") }
        #expect(throws: ExportError.self) { try VariantTable.rows(.array([]), presetPath: "p/x.json") }
    }

    @Test func substitutionFillsNamesAndOverrideValuesOnly() throws {
        let row = VariantRow(number: 2, cells: [("locale", "de"), ("alpha", "60"), ("size", "[12, 12]"), ("title", "Hallo {x}")])
        guard case .object(let preset) = try json(#"""
            {"lottie": "anims/{locale}.json", "variants": "rows.csv",
             "texts": {"Title": "{title} – {{braces}}"}, "slots": {"alpha": "{alpha}", "size": "{size}", "label": "v{alpha}"},
             "outputs": [{"name": "{locale}/a.mp4", "frames": 2}]}
            """#) else { Issue.record("not an object"); return }
        let out = try VariantSubstitution.apply(preset, row: row, presetPath: "p/x.json")
        #expect(out["variants"] == nil)
        #expect(out["lottie"]?.canonicalText == #""anims/{locale}.json""#)                 // not a substituted field
        #expect(out["texts"]?.canonicalText == #"{"Title":"Hallo {x} – {braces}"}"#)         // a cell is not substituted again
        // A whole "{column}" under slots is read as JSON; inside a string it is text.
        #expect(out["slots"]?.canonicalText == #"{"alpha":60,"label":"v60","size":[12,12]}"#)
        #expect(out["outputs"]?.canonicalText == #"[{"frames":2,"name":"de/a.mp4"}]"#)
        do {
            guard case .object(let bad) = try json(#"{"texts": {"T": "{missing}"}}"#) else { return }
            _ = try VariantSubstitution.apply(bad, row: row, presetPath: "p/x.json")
            Issue.record("no error")
        } catch let error as ExportError {
            #expect(error.description.contains(#"texts."T""#) && error.description.contains("{missing} names no column") && error.description.contains("'locale'"), "\(error.description)")
        }
        #expect(throws: ExportError.self) { try VariantSubstitution.fill("a{b", row: row, field: "f", presetPath: "p") }
        #expect(throws: ExportError.self) { try VariantSubstitution.fill("a}b", row: row, field: "f", presetPath: "p") }
    }
}
