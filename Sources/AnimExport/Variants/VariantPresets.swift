// A preset with "variants" read as one preset per row (issue 26 item 2): the preset's JSON with
// the row's cells filled in (VariantSubstitution.swift), decoded and bound like any preset file.
// `batch` plans each row's outputs as it plans a preset's (BatchPlan.swift): each is incremental
// on its own (its cache key hashes the row's preset and the files it reads), sharded by output
// name, listed by --dry-run and recorded with its row in the manifest. A single render
// (`--preset p.json`) of a preset with variants is refused: it names one row of many.
import Foundation
import JSON

/// One row's preset (with the JSON it was decoded from), or why it cannot be rendered.
struct VariantPreset {
    var row: VariantRow
    var result: Result<(preset: LoadedPreset, json: JSONObject), ExportError>
}

extension PresetLibrary {
    /// The rows of the preset `json` (read from `path`), each decoded as its own preset; nil when
    /// the preset has no "variants". Throws when the table itself cannot be read.
    static func variants(of json: JSONValue, path: String) throws(ExportError) -> [VariantPreset]? {
        guard case .object(let object) = json, let table = object["variants"] else { return nil }
        let rows = try VariantTable.rows(table, presetPath: path)
        return rows.map { row in
            VariantPreset(row: row, result: Result { () throws(ExportError) -> (preset: LoadedPreset, json: JSONObject) in
                do throws(ExportError) {
                    let filled = try VariantSubstitution.apply(object, row: row, presetPath: path)
                    return (try decode(.object(filled), path: path), filled)
                } catch {
                    throw error.inVariant(row)
                }
            })
        }
    }
}

extension ExportError {
    /// The error with the row named before its field: `p.json: row 3 (locale=ja, …): texts."Title": …`.
    func inVariant(_ row: VariantRow) -> ExportError {
        if case .invalid(let file, let field, let message) = self { return .invalid(file: file, field: "\(row.label): \(field)", message: message) }
        return self
    }
}
