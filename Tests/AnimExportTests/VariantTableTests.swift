// The variants table (Variants/CSVTable.swift, VariantTable.swift) and `{column}` substitution
// (VariantSubstitution.swift): RFC 4180 quoting, line breaks in cells, a BOM, CRLF, ragged rows,
// the caps, and the substitution's errors — each error naming its row and column.
import Foundation
import Testing
@testable import AnimExport

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
        let rows = try VariantTable.rows([["locale": "de", "alpha": 60, "on": true, "k": 0.5] as [String: Any]], presetPath: "p/x.json")
        #expect(rows.count == 1 && rows[0].number == 1)
        #expect(rows[0].cell("alpha") == "60" && rows[0].cell("on") == "true" && rows[0].cell("k") == "0.5" && rows[0].cell("locale") == "de")
        #expect(throws: ExportError.self) { try VariantTable.rows([["x": ["nested"]] as [String: Any]], presetPath: "p/x.json") }
        #expect(throws: ExportError.self) { try VariantTable.rows("../rows.csv", presetPath: "p/x.json") }
        #expect(throws: ExportError.self) { try VariantTable.rows("/etc/passwd.csv", presetPath: "p/x.json") }
        #expect(throws: ExportError.self) { try VariantTable.rows([Any](), presetPath: "p/x.json") }
    }

    @Test func substitutionFillsNamesAndOverrideValuesOnly() throws {
        let row = VariantRow(number: 2, cells: [("locale", "de"), ("alpha", "60"), ("size", "[12, 12]"), ("title", "Hallo {x}")])
        let preset: [String: Any] = [
            "lottie": "anims/{locale}.json", "variants": "rows.csv",
            "texts": ["Title": "{title} – {{braces}}"], "slots": ["alpha": "{alpha}", "size": "{size}", "label": "v{alpha}"],
            "outputs": [["name": "{locale}/a.mp4", "frames": 2]],
        ]
        let out = try VariantSubstitution.apply(preset, row: row, presetPath: "p/x.json")
        #expect(out["variants"] == nil)
        #expect(out["lottie"] as? String == "anims/{locale}.json")          // not a substituted field
        #expect((out["texts"] as? [String: Any])?["Title"] as? String == "Hallo {x} – {braces}")  // a cell is not substituted again
        let slots = out["slots"] as? [String: Any]
        #expect((slots?["alpha"] as? NSNumber)?.doubleValue == 60)               // a whole "{column}" under slots: JSON
        #expect((slots?["size"] as? [Any])?.count == 2)
        #expect(slots?["label"] as? String == "v60")                             // inside a string: text
        #expect(((out["outputs"] as? [Any])?.first as? [String: Any])?["name"] as? String == "de/a.mp4")
        do {
            _ = try VariantSubstitution.apply(["texts": ["T": "{missing}"]], row: row, presetPath: "p/x.json")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains(#"texts."T""#) && error.description.contains("{missing} names no column") && error.description.contains("'locale'"), "\(error.description)")
        }
        #expect(throws: ExportError.self) { try VariantSubstitution.fill("a{b", row: row, field: "f", presetPath: "p") }
        #expect(throws: ExportError.self) { try VariantSubstitution.fill("a}b", row: row, field: "f", presetPath: "p") }
    }
}
