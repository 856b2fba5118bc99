// `{column}` in a preset, replaced by a variant row's cell (issue 26 item 2).
//
// Where: each output's "name", and every string value (at any depth) under "texts", "images",
// "slots", "expressionVariables", "colors", "fonts" and "parameters" — what a variant changes. Elsewhere braces are
// left as they are. In a string, "{name}" is the cell of column `name`, "{{" and "}}" are
// literal braces; a column the table lacks, or an unclosed brace, is an error naming the
// preset, the field and the columns there are. Under "slots", "expressionVariables" and "parameters" a value that is
// exactly one "{column}" takes the cell as JSON when it reads as a number, an array or an
// object (`"alpha": "{alpha}"` with the cell 60 is the number 60), else as a string — so one
// table can carry numbers, sizes and gradients. The result is the preset JSON a single render
// of that row would read; it is decoded by the same strict decoder.
import JSON

enum VariantSubstitution {
    static let fields = ["texts", "images", "slots", "expressionVariables", "colors", "fonts", "parameters"]

    /// The preset object with `row` filled in (and "variants" removed).
    static func apply(_ preset: JSONObject, row: VariantRow, presetPath: String) throws(ExportError) -> JSONObject {
        var out = preset
        out.remove("variants")
        for field in fields {
            guard let value = out[field] else { continue }
            out.set(field, try substitute(value, row: row, field: field, typed: field == "slots" || field == "expressionVariables" || field == "parameters", presetPath: presetPath))
        }
        if case .array(let outputs) = out["outputs"] {
            var list: [JSONValue] = []
            for (i, o) in outputs.enumerated() {
                guard case .object(var object) = o, case .string(let name) = object["name"] else { list.append(o); continue }
                object.set("name", .string(try fill(name, row: row, field: "outputs[\(i)].name", presetPath: presetPath)))
                list.append(.object(object))
            }
            out.set("outputs", .array(list))
        }
        return out
    }

    private static func substitute(_ value: JSONValue, row: VariantRow, field: String, typed: Bool, presetPath: String) throws(ExportError) -> JSONValue {
        switch value {
        case .string(let s):
            if typed, s.hasPrefix("{"), s.hasSuffix("}"), !s.hasPrefix("{{"), case let name = String(s.dropFirst().dropLast()),
               !name.contains("{"), !name.contains("}") {
                let cell = try self.cell(name, row: row, field: field, presetPath: presetPath)
                switch try? JSONScanner.parse(Array(cell.utf8), limits: configJSONLimits) {
                case .some(let json) where json.isNumberArrayOrObject: return json
                default: return .string(cell)
                }
            }
            return .string(try fill(s, row: row, field: field, presetPath: presetPath))
        case .array(let a):
            var out: [JSONValue] = []
            for (i, x) in a.enumerated() { out.append(try substitute(x, row: row, field: "\(field)[\(i)]", typed: typed, presetPath: presetPath)) }
            return .array(out)
        case .object(let o):
            var out = JSONObject()
            for (k, x) in o.members { out.append(k, try substitute(x, row: row, field: "\(field).\"\(visible(k))\"", typed: typed, presetPath: presetPath)) }
            return .object(out)
        default:
            return value
        }
    }

    /// `text` with every "{column}" filled from `row` ("{{", "}}": braces).
    static func fill(_ text: String, row: VariantRow, field: String, presetPath: String) throws(ExportError) -> String {
        guard text.contains("{") || text.contains("}") else { return text }
        var out = "", name: String? = nil
        var chars = text[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if var n = name {
                if c == "}" { out += try cell(n, row: row, field: field, presetPath: presetPath); name = nil } else { n.append(c); name = n }
                continue
            }
            switch c {
            case "{" where chars.first == "{": out.append("{"); chars = chars.dropFirst()
            case "}" where chars.first == "}": out.append("}"); chars = chars.dropFirst()
            case "{": name = ""
            case "}": throw .invalid(file: presetPath, field: field, message: "a lone '}' in '\(visible(text))' (write }} for a brace)")
            default: out.append(c)
            }
        }
        if name != nil { throw .invalid(file: presetPath, field: field, message: "an unclosed '{' in '\(visible(text))' (write {{ for a brace)") }
        return out
    }

    private static func cell(_ name: String, row: VariantRow, field: String, presetPath: String) throws(ExportError) -> String {
        guard let value = row.cell(name) else {
            let columns = row.cells.map { "'\(visible($0.column))'" }.joined(separator: ", ")
            throw .invalid(file: presetPath, field: field, message: "{\(visible(name))} names no column of the variants table (its columns: \(columns))")
        }
        return value
    }
}

private extension JSONValue {
    var isNumberArrayOrObject: Bool {
        switch self {
        case .number, .array, .object: return true
        default: return false
        }
    }
}
