// Merge paths (`mm`) on geometry, as After Effects merges them: the paths above a merge in its
// list become one path, which the styles after it fill and stroke (a stroke outlines the merged
// shape)
//
// For a merge at index m of list L (no repeater after it before the style), in L's coordinates:
//
//   operands   O_0, O_1, …, O_{n−1}: every path above the merge, top to bottom (list order),
//              EACH ITS OWN OPERAND —
//                • a path item (sh, rc, el, sr) before m, through the modifiers before m that
//                  apply to it;
//                • each path inside a group before m, at any depth, through that group's
//                  transforms and modifiers (a group is not one operand: its paths are, so two
//                  copies of a rectangle wound in opposite directions are two rectangles, not a
//                  compound path whose windings cancel);
//                • an earlier merge (in L or in a group): its result, one operand in its place
//                  (the paths before it are its operands, not this merge's);
//                • a repeater before m: each path of each copy, copy 0 first.
//   merged     mode 1 merge: O_0, O_1, … appended (a compound path, which the fill's rule fills)
//              2 add: O_0 ∪ O_1 ∪ …          3 subtract: (O_0 \ O_1) \ O_2 … = O_0 \ (O_1 ∪ …)
//              4 intersect: O_0 ∩ O_1 ∩ …    5 exclude intersections: O_0 ⊕ O_1 ⊕ … (xor, folded:
//              the points inside an odd number of operands)
//              — Geometry's PathBoolean.merge, each O_k filled non-zero (its own interior)
//   P(L, end)  = modifiers(merged) mapped to the style's space, then the paths after m
//
// Sources. After Effects User Guide, "Merge Paths options" (CS3 p. 333, CS4 p. 339; help.adobe.com
// AfterEffects 9.0 "Alter shapes with path operations"): Merge Paths "takes all of the paths above
// it in the same group as input"; Subtract keeps "the areas defined by the topmost path,
// subtracting the area defined by underlying paths" — the topmost is the first in the Timeline,
// i.e. the first in the JSON list —; Intersect "intersections between all input paths"; Exclude
// Intersections "the union … minus the areas defined by intersections". lottie-docs (schema
// shapes/merge.json, constants/merge-mode.json) names the modes 1–5 and nothing more; lottie-spec
// has no merge shape. Players: skottie (Skia, modules/skottie/src/layers/shapelayer/ShapeLayer.cpp
// and MergePaths.cpp) collects the geometries top to bottom, a group's each on its own through the
// group transform, and folds them from the first with the mode — the rule above; lottie-android
// (MergePathsContent, off by default) ops the path right above the merge against all the others
// appended as one compound path (subtract = others − it), which agrees for two plain paths but
// not for groups or three paths; lottie-web, ThorVG and rlottie ignore merge paths (every mode
// draws as 1). docs/lottie-render.md has the decision.
//
// Trim paths before the merge cut the operands (they are in the operands' scope); the modifiers
// after the merge and those of the enclosing lists (trims, rounded corners: ShapeModifiers.swift)
// change the merged path. A sequential trim after the merge lays the merged path out as one shape,
// in place of its operands and everything before it (`mergedPath`, ShapeModifiers.swift's
// layout). A style before the merge still draws its own paths unmerged.
//
// How the operands are found: the paths before m are gathered as for a style (ShapeEmitter's
// `gather`) into one path while `builder.operandStarts` records where each operand begins —
// `appendShape` (ShapeModifiers.swift) marks each path, `appendMerged` an earlier merge's result.
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

    /// Appends the merge at index m of `items` (see the header), mapped by `transform`: one
    /// operand of an enclosing merge.
    func appendMerged(_ items: [ShapeItem], at m: Int, _ mode: MergeMode, transform: Transform, into path: inout Path) {
        var merged = mergedPath(items, at: m, mode)
        // The merged path through the modifiers after the merge in L, then the enclosing lists'.
        builder.levels.append(ShapeLevel(items: items, index: m))
        if !merged.isEmpty { merged = modified(merged, levels: builder.levels[...], stopIndex: nil) }
        builder.levels.removeLast()
        builder.markOperand(at: path.elements.count)
        for element in merged.elements { path.elements.append(element.transformed(by: transform)) }
    }

    /// The merge at index m of `items` in L's coordinates, before any modifier after it: the
    /// shape a sequential trim after the merge lays out (ShapeModifiers.swift) and cuts.
    func mergedPath(_ items: [ShapeItem], at m: Int, _ mode: MergeMode) -> Path {
        // The operands see only the modifiers before the merge (the scope ends at m).
        let enclosing = builder.levels, outerStarts = builder.operandStarts
        builder.levels.removeAll(keepingCapacity: true)
        builder.operandStarts = []
        defer { builder.levels = enclosing; builder.operandStarts = outerStarts }
        var all = Path()
        gather(Array(items[0..<m]), upTo: m, transform: .identity, into: &all)
        if mode == .merge { return all }
        let operands = Self.operands(all, starts: builder.operandStarts ?? [])
        do {
            return try PathBoolean.merge(operands, mode: mode, budget: builder.booleanBudget)
        } catch {
            builder.noteRefusedMerge("\(error)")
            return all
        }
    }

    /// `all` cut at `starts` (ascending element indices) into its non-empty operands, in order.
    static func operands(_ all: Path, starts: [Int]) -> [FilledPath] {
        let bounds = starts.first == 0 ? starts : [0] + starts
        var operands: [FilledPath] = []
        operands.reserveCapacity(bounds.count)
        for (k, start) in bounds.enumerated() {
            let end = k + 1 < bounds.count ? bounds[k + 1] : all.elements.count
            guard start < end else { continue }
            var operand = Path()
            operand.elements.append(contentsOf: all.elements[start..<end])
            operands.append(FilledPath(operand))
        }
        return operands
    }
}

extension LottieBuilder {
    /// Records that an operand of the merge being gathered begins at element `index` (see the
    /// header); nothing when no merge is gathering.
    func markOperand(at index: Int) {
        if operandStarts != nil { operandStarts!.append(index) }
    }

    func noteRefusedMerge(_ reason: String) {
        refusedMerges += 1
        if firstMergeError == nil { firstMergeError = reason }
        frameReport.noteRefusedMerge("\(currentLayer): \(reason)")
    }
}
