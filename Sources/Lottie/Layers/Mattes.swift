// Track mattes: resolving each matted layer's source to a position in the same composition
// (Model/LayerCompositing.swift has the rules).
//
//   source(l) = the first layer whose `ind` is l.tp     when l has `tp`
//             = the layer directly above l (position − 1) otherwise
//
// A source that does not exist (no such `ind`, or the first layer with the classic rule) drops
// the matte with a warning naming the layer ("drawn without its matte"). Sources may be matted
// themselves; the chain l → source(l) → source(source(l)) … is followed when a frame is drawn,
// so a chain that comes back to a layer is an error naming the layers, and a chain longer than
// `maxChain` is an error (it bounds the walker's recursion).

enum Mattes {
    static let maxChain = 16

    /// Sets `layers[i].matte.source` from `rawParents[i]` (the `tp` member) or the classic rule.
    static func resolve(_ layers: inout [LottieLayer], rawParents: [Int?], file: String, path: String,
                        warnings: inout [String]) throws(LottieError) {
        var byIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let ind = layer.index, byIndex[ind] == nil { byIndex[ind] = position }
        }
        for position in layers.indices where layers[position].matte != nil {
            let source: Int?
            if let wanted = rawParents[position] {
                source = byIndex[wanted]
                if source == nil {
                    warnings.append("\(layers[position].place): its matte layer (\"tp\" \(wanted)) is not in this composition; drawn without its matte")
                }
            } else {
                source = position > 0 ? position - 1 : nil
                if source == nil {
                    warnings.append("\(layers[position].place): a track matte (\"tt\") needs a layer above it; drawn without its matte")
                }
            }
            if let source { layers[position].matte!.source = source } else { layers[position].matte = nil }
        }
        for start in layers.indices where layers[start].matte != nil {
            var chain = [start]
            var current = layers[start].matte?.source
            while let c = current {
                if let loop = chain.firstIndex(of: c) {
                    let names = (chain[loop...] + [c]).map { layers[$0].place }.joined(separator: " → ")
                    throw LottieError(file: file, path: "\(path)[\(start)].tp", message: "track matte cycle: \(names)")
                }
                chain.append(c)
                guard chain.count <= maxChain else {
                    throw LottieError(file: file, path: "\(path)[\(start)].tt",
                                      message: "mattes of mattes nest more than \(maxChain) deep")
                }
                current = layers[c].matte?.source
            }
        }
    }
}
