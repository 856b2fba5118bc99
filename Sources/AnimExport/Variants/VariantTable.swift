// A preset's table of variants (issue 26 item 2; docs/presets.md "Variants"):
//
//     "variants": "rows.csv"            a CSV file (Variants/CSVTable.swift), or
//     "variants": "rows.json"           a JSON array of objects, or
//     "variants": [{"locale": "de", "headline": "Hallo"}, …]   inline
//
// Each row is one variant: `{column}` in the preset's output names and override values is
// replaced by the row's cell (Variants/VariantSubstitution.swift), and batch renders every row ×
// output. A file is a relative path inside the preset's folder (as "lottie": no absolute path,
// no "..", no symlink out; Media.ContainedFile), ≤ Limits.maxVariantFileBytes. JSON cells are
// strings, numbers (written as JSON writes them) or booleans. Every error names the preset, the
// table (file) and the row and column: `p/promo.json: variants: rows.csv row 4: 3 cells; the
// header has 4`. Rows are numbered as a spreadsheet shows them for CSV (header = row 1) and from
// 1 for JSON and inline tables.
import Foundation
import JSON
import Media

/// One row of a variants table.
struct VariantRow: Equatable {
    /// The row's number as its table shows it (CSV: the spreadsheet row; JSON: from 1).
    var number: Int
    /// Column → cell, in the table's column order.
    var cells: [(column: String, value: String)]

    static func == (a: VariantRow, b: VariantRow) -> Bool {
        a.number == b.number && a.cells.map(\.column) == b.cells.map(\.column) && a.cells.map(\.value) == b.cells.map(\.value)
    }

    func cell(_ column: String) -> String? { cells.first { $0.column == column }?.value }

    /// "row 3 (locale=de, headline=Hallo)" for messages and listings (cells cut short).
    var label: String {
        "row \(number) (" + cells.prefix(4).map { "\($0.column)=\(visible(String($0.value.prefix(24))))" }.joined(separator: ", ")
            + (cells.count > 4 ? ", …" : "") + ")"
    }
}

enum VariantTable {
    /// The rows `value` (a preset's "variants") names; `presetPath` is the preset file.
    static func rows(_ value: JSONValue, presetPath: String) throws(ExportError) -> [VariantRow] {
        func bad(_ message: String) -> ExportError { .invalid(file: presetPath, field: "variants", message: message) }
        if case .array(let inline) = value { return try jsonRows(inline, name: "the inline table", bad: bad) }
        guard case .string(let file) = value else { throw bad("is a file name (\"rows.csv\", \"rows.json\") or a list of objects") }
        let folder = LottieInput.folder(of: presetPath)
        let lower = file.lowercased()
        guard !file.isEmpty, !file.hasPrefix("/"), !file.hasPrefix("~"), !file.split(separator: "/").contains(".."),
              lower.hasSuffix(".csv") || lower.hasSuffix(".json") else {
            throw bad("'\(visible(file))' must be a relative path inside the preset's folder (\(folder)) ending in .csv or .json")
        }
        let bytes: [UInt8]
        do { bytes = try ContainedFile.read(file, inFolder: folder, maxBytes: Limits.maxVariantFileBytes) } catch {
            throw bad("\(error.description) (the table must be inside the preset's folder, \(folder), ≤ \(Limits.maxVariantFileBytes) bytes)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw bad("\(visible(file)) is not UTF-8 text") }
        if lower.hasSuffix(".json") {
            let json: JSONValue
            do { json = try JSONScanner.parse(bytes, limits: configJSONLimits) } catch {
                throw bad("\(visible(file)) \(error.location(in: bytes)): \(error.duplicateKey != nil ? "" : "malformed JSON: ")\(error.message)")
            }
            guard case .array(let list) = json else { throw bad("\(visible(file)) is not a JSON array of objects") }
            return try jsonRows(list, name: visible(file), bad: bad)
        }
        let table: CSVTable
        do { table = try CSVTable.parse(text) } catch {
            throw bad("\(visible(file)) row \(error.row)\(error.column.map { ", column \($0)" } ?? ""): \(error.message)")
        }
        guard !table.rows.isEmpty else { throw bad("\(visible(file)) has a header and no rows") }
        return table.rows.enumerated().map { k, cells in
            VariantRow(number: k + 2, cells: zip(table.columns, cells).map { ($0, $1) })
        }
    }

    private static func jsonRows(_ list: [JSONValue], name: String, bad: (String) -> ExportError) throws(ExportError) -> [VariantRow] {
        guard !list.isEmpty else { throw bad("\(name) has no rows") }
        guard list.count <= Limits.maxVariantRows else { throw bad("\(name): \(list.count) rows is over the cap of \(Limits.maxVariantRows)") }
        var rows: [VariantRow] = []
        for (k, item) in list.enumerated() {
            guard case .object(let object) = item else { throw bad("\(name) row \(k + 1): is not an object of cells") }
            guard object.count <= Limits.maxVariantColumns else { throw bad("\(name) row \(k + 1): more than \(Limits.maxVariantColumns) columns") }
            var cells: [(String, String)] = []
            for (key, value) in object.members {
                let cell: String
                switch value {
                case .string(let s): cell = s
                case .bool(let b): cell = b ? "true" : "false"
                case .number(let x): cell = canonicalNumber(x)
                default: throw bad("\(name) row \(k + 1), column '\(visible(key))': a cell is a string, a number or a boolean")
                }
                guard !key.isEmpty else { throw bad("\(name) row \(k + 1): an empty column name") }
                guard cell.utf8.count <= Limits.maxVariantCellBytes else {
                    throw bad("\(name) row \(k + 1), column '\(visible(key))': \(cell.utf8.count) bytes is over the cap of \(Limits.maxVariantCellBytes)")
                }
                cells.append((key, cell))
            }
            rows.append(VariantRow(number: k + 1, cells: cells))
        }
        return rows
    }
}
