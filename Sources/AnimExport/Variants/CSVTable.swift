// CSVTable.swift — a variants table read from CSV (RFC 4180, as spreadsheets write it).
//
//   file    = [BOM] record *(EOL record) [EOL]          BOM = U+FEFF, EOL = CRLF | LF | CR
//   record  = field *("," field)
//   field   = quoted | plain
//   quoted  = '"' *(any character but '"' | '""') '"'   (may hold commas and line breaks;
//                                                          "" is one quote)
//   plain   = *(any character but ',', '"', CR, LF)
//
// The first record names the columns (unique, non-empty, trimmed of spaces); each later record
// is a row with exactly as many fields (a ragged row is an error naming it). Blank lines at the
// end are ignored. Rows and cells are numbered as a spreadsheet shows them: the header is row 1,
// the first variant row 2. Caps (Limits): rows ≤ maxVariantRows, columns ≤ maxVariantColumns,
// a cell ≤ maxVariantCellBytes bytes; the file itself ≤ maxVariantFileBytes (read by the caller).
// A quote inside a plain field, or text after a closing quote, is an error naming row and column.

struct CSVTable {
    var columns: [String]
    /// Each row's cells, in column order; `rows[i]` is spreadsheet row i + 2.
    var rows: [[String]]

    struct ParseError: Error { var row: Int; var column: Int?; var message: String }

    static func parse(_ text: String) throws(ParseError) -> CSVTable {
        var records: [[String]] = []
        var record: [String] = [], field = "", inQuotes = false, afterQuote = false, fieldStarted = false
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        func row() -> Int { records.count + 1 }
        func endField() throws(ParseError) {
            guard field.utf8.count <= Limits.maxVariantCellBytes else {
                throw ParseError(row: row(), column: record.count + 1, message: "\(field.utf8.count) bytes in one cell is over the cap of \(Limits.maxVariantCellBytes)")
            }
            record.append(field)
            guard record.count <= Limits.maxVariantColumns else {
                throw ParseError(row: row(), column: record.count, message: "more than \(Limits.maxVariantColumns) columns")
            }
            (field, afterQuote, fieldStarted) = ("", false, false)
        }
        func endRecord() throws(ParseError) {
            try endField()
            records.append(record)
            record = []
            guard records.count <= Limits.maxVariantRows + 1 else {
                throw ParseError(row: row(), column: nil, message: "more than \(Limits.maxVariantRows) rows (the cap of a variants table)")
            }
        }
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let c = scalars[i]
            i = scalars.index(after: i)
            if inQuotes {
                if c == "\"" {
                    if i < scalars.endIndex, scalars[i] == "\"" { field.unicodeScalars.append("\""); i = scalars.index(after: i) } else { inQuotes = false; afterQuote = true }
                } else {
                    field.unicodeScalars.append(c)
                    if field.utf8.count > Limits.maxVariantCellBytes { try endField() }
                }
                continue
            }
            switch c {
            case ",": try endField()
            case "\r", "\n":
                if c == "\r", i < scalars.endIndex, scalars[i] == "\n" { i = scalars.index(after: i) }
                try endRecord()
            case "\"":
                guard !fieldStarted, !afterQuote else {
                    throw ParseError(row: row(), column: record.count + 1, message: "a quote inside an unquoted cell (quote the whole cell and write \"\" for a quote)")
                }
                inQuotes = true; fieldStarted = true
            default:
                guard !afterQuote else {
                    throw ParseError(row: row(), column: record.count + 1, message: "text after a closing quote")
                }
                field.unicodeScalars.append(c); fieldStarted = true
                if field.utf8.count > Limits.maxVariantCellBytes { try endField() }
            }
        }
        if inQuotes { throw ParseError(row: row(), column: record.count + 1, message: "a quoted cell is not closed") }
        if fieldStarted || afterQuote || !record.isEmpty { try endRecord() }
        return try table(records)
    }

    /// The records as a table: the header's names checked, every row as wide as the header.
    private static func table(_ records: [[String]]) throws(ParseError) -> CSVTable {
        var records = records
        while let last = records.last, last == [""] { records.removeLast() }
        guard let header = records.first else { throw ParseError(row: 1, column: nil, message: "is empty (the first row names the columns)") }
        let columns = header.map { $0.trimmingCharacters(in: .whitespaces) }
        for (k, name) in columns.enumerated() {
            guard !name.isEmpty else { throw ParseError(row: 1, column: k + 1, message: "an empty column name") }
            guard !columns[..<k].contains(name) else { throw ParseError(row: 1, column: k + 1, message: "the column name '\(visible(name))' twice") }
        }
        for (k, r) in records.dropFirst().enumerated() where r.count != columns.count {
            throw ParseError(row: k + 2, column: nil, message: "\(r.count) cells; the header has \(columns.count)")
        }
        return CSVTable(columns: columns, rows: Array(records.dropFirst()))
    }
}

import Foundation
