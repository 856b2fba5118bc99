// A preset with "variants" read as one preset per row (issue 26 item 2): the preset's JSON with
// the row's cells filled in (VariantSubstitution.swift), decoded and bound like any preset file.
// `batch` plans each row's outputs as it plans a preset's (BatchPlan.swift): each is incremental
// on its own (its cache key hashes the row's preset and the files it reads), sharded by output
// name, listed by --dry-run and recorded with its row in the manifest. A single render
// (`--preset p.json`) of a preset with variants is refused: it names one row of many.
import Foundation

/// One row's preset, or why it cannot be rendered.
struct VariantPreset {
    var row: VariantRow
    var result: Result<(preset: LoadedPreset, bytes: Data), ExportError>
}

extension PresetLibrary {
    /// Whether the preset JSON `data` has a top-level "variants" (without decoding the rest).
    static func hasVariants(_ data: Data) -> Bool {
        ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["variants"] != nil
    }

    /// The rows of the preset at `path` (its bytes `data`), each decoded as its own preset;
    /// nil when the preset has no "variants". Throws when the table itself cannot be read.
    static func variants(of data: Data, path: String) throws(ExportError) -> [VariantPreset]? {
        try rejectDuplicateKeys(data, file: path)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], let table = object["variants"] else { return nil }
        let rows = try VariantTable.rows(table, presetPath: path)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return rows.map { row in
            VariantPreset(row: row, result: Result { () throws(ExportError) -> (preset: LoadedPreset, bytes: Data) in
                do {
                    let filled = try VariantSubstitution.apply(object, row: row, presetPath: path)
                    let bytes = try JSONSerialization.data(withJSONObject: filled, options: [.sortedKeys])
                    var file = try decodeStrict(PresetFile.self, from: bytes, file: path)
                    try file.bindLottie(presetPath: path)
                    return (LoadedPreset(file: file, name: name, path: path), bytes)
                } catch let e as ExportError {
                    throw e.inVariant(row)
                } catch {
                    throw ExportError.invalid(file: path, field: "variants \(row.label)", message: "\(error)")
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
