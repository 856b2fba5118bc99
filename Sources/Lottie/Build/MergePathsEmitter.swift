// Merge paths (`mm`) on geometry: the paths before the merge become one path, which the styles
// after it fill and stroke (a stroke outlines the merged shape)
//
// For a merge at index m of list L (no repeater after it before the style), in L's coordinates:
//
//   operands   O_0 = the path of item m−1, O_1 = that of item m−2, … (each path item, or a
//              group's compound path through its transform, one operand each) down to the
//              first item after the previous merge or repeater b; everything up to b, P(L, b+1),
//              is the last operand (the earlier merge's result, or the repeater's copies)
//   merged     mode 1 merge: O_0, O_1, … appended (a compound path)
//              2 add: O_0 ∪ O_1 ∪ …     3 subtract: O_0 \ O_1 \ O_2 …     4 intersect: O_0 ∩ O_1 ∩ …
//              5 exclude intersections: O_0 ⊕ O_1 ⊕ …   (Geometry's PathBoolean.merge, each O_k
//              filled non-zero)
//   P(L, end)  = modifiers(merged) mapped to the style's space, then the paths after m
//
// Order: O_0 is the bottom-most path (the one listed last before the merge), as in After
// Effects, where Subtract removes the paths above from the bottom one (Illustrator's "minus
// front"); lottie-android folds its merge the same way. Trim paths before the merge cut the
// operands (they are in the operands' scope); the modifiers after the merge and those of the
// enclosing lists (trims, rounded corners: ShapeModifiers.swift) change the merged path. A
// sequential trim after the merge lays the merged path out as one shape, in place of its operands
// and everything before it (`mergedPath`, ShapeModifiers.swift's layout). A style before the
// merge still draws its own paths unmerged.
//
// Robustness (coincident edges, touching contours, self-intersection) is Clipper's sweep
// (docs/geometry.md §2); curves are flattened to 0.0125 units of L (PolygonLimits.defaultTolerance).
// A merge Geometry refuses (over its vertex, coordinate or cost caps, or the frame's boolean
// budget) draws its operands unmerged (mode 1) and is counted in `builder.refusedMerges` and the
// frame's report with the first reason and the layer (a warning, an error under --strict).

import Geometry

extension ShapeEmitter {
    /// The index of the last merge in items[0 ..< end].
    func lastMerge(in items: [ShapeItem], before end: Int) -> Int? {
        var i = end - 1
        while i >= 0 {
            if case .merge = items[i] { return i }
            i -= 1
        }
        return nil
    }

    /// Appends the merge at index m of `items` (see the header), mapped by `transform`.
    func appendMerged(_ items: [ShapeItem], at m: Int, _ mode: MergeMode, transform: Transform, into path: inout Path) {
        var merged = mergedPath(items, at: m, mode)
        // The merged path through the modifiers after the merge in L, then the enclosing lists'.
        builder.levels.append(ShapeLevel(items: items, index: m))
        if !merged.isEmpty { merged = modified(merged, levels: builder.levels[...], stopIndex: nil) }
        builder.levels.removeLast()
        for element in merged.elements { path.elements.append(element.transformed(by: transform)) }
    }

    /// The merge at index m of `items` in L's coordinates, before any modifier after it: the
    /// shape a sequential trim after the merge lays out (ShapeModifiers.swift) and cuts.
    func mergedPath(_ items: [ShapeItem], at m: Int, _ mode: MergeMode) -> Path {
        // The operands see only the modifiers before the merge (the scope ends at m).
        let enclosing = builder.levels
        builder.levels.removeAll(keepingCapacity: true)
        defer { builder.levels = enclosing }
        let scope = Array(items[0..<m])
        let earlier = max(lastRepeater(in: scope, before: m) ?? -1, lastMerge(in: scope, before: m) ?? -1)
        var operands: [FilledPath] = []
        var j = m - 1
        while j > earlier {
            var operand = Path()
            gatherItem(scope, at: j, transform: .identity, into: &operand)
            if !operand.isEmpty { operands.append(FilledPath(operand)) }
            j -= 1
        }
        if earlier >= 0 {
            var rest = Path()
            gather(scope, upTo: earlier + 1, transform: .identity, into: &rest)
            if !rest.isEmpty { operands.append(FilledPath(rest)) }
        }
        do {
            return try PathBoolean.merge(operands, mode: mode, budget: builder.booleanBudget)
        } catch {
            builder.noteRefusedMerge("\(error)")
            return (try? PathBoolean.merge(operands, mode: .merge)) ?? Path()
        }
    }
}

extension LottieBuilder {
    func noteRefusedMerge(_ reason: String) {
        refusedMerges += 1
        if firstMergeError == nil { firstMergeError = reason }
        frameReport.noteRefusedMerge("\(currentLayer): \(reason)")
    }
}
