// Boolean.swift — boolean operations on filled paths (union, intersection, difference,
// exclusion) and Lottie's merge-path modes, on the polygon library (Clipper 6.4.2; PolygonSet.swift
// has the flattening, fixed-point scale, precision and caps).
//
// Regions. A filled path P with fill rule R is the point set {p : R(w_P(p))} (FillRule.swift:
// non-zero w ≠ 0, even-odd w odd), every subpath closed. For regions A, B:
//
//     union A ∪ B,   intersection A ∩ B,   difference A \ B,   exclusion (xor) (A \ B) ∪ (B \ A).
//
// Several operands fold left in the order given: op(…op(op(P₀, P₁), P₂)…, Pₙ), all in one fixed-
// point scale (no rounding between steps beyond Clipper's own intersection rounding). A single
// operand is normalised (P₀ ∪ ∅: self-intersections resolved under its rule).
//
// What the library handles: the sweep (Vatti's algorithm) with both fill rules, coincident and
// collinear edges, touching contours, self-intersecting input, zero-area pieces (dropped),
// output as simple polygons that do not overlap. What we handle: flattening, the scale, caps,
// empty operands and the output's form. Output: closed polygons (move, lines, close), outer
// boundaries with positive shoelace area Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ)/2 (clockwise on a y-down screen,
// like Path.rectangle) and holes negative, so that filling the result with the non-zero rule —
// or even-odd — shows exactly the region.
//
// Lottie merge paths (`mm`; After Effects' Merge Paths; lottie-web does not implement them,
// Skia's skottie maps them as below, docs/geometry.md §2):
//   1 merge     — the paths are appended into one compound path (no boolean operation; the fill
//                 that follows applies its own rule to all of them together);
//   2 add       — union;   3 subtract — P₀ \ P₁ \ …;   4 intersect — P₀ ∩ P₁ ∩ …;
//   5 exclude intersections — exclusion (xor), folded.
// Each operand is filled non-zero (Lottie shapes carry no fill rule of their own).

/// A boolean operation on two filled regions.
public enum BooleanOperation: Sendable {
    case union
    case intersection
    /// The first region minus the second.
    case difference
    /// Points in exactly one of the two (xor).
    case exclusion
}

/// A path and the rule that fills it: one operand of a boolean operation.
public struct FilledPath: Sendable {
    public var path: Path
    public var fillRule: FillRule

    public init(_ path: Path, fillRule: FillRule = .nonZero) {
        self.path = path
        self.fillRule = fillRule
    }
}

/// Lottie's merge-path modes (`mm` 1…5; meanings in Boolean.swift).
public enum MergeMode: Int, Sendable {
    case merge = 1
    case add = 2
    case subtract = 3
    case intersect = 4
    case excludeIntersections = 5
}

extension Path {
    /// This path (filled with `fillRule`) combined with `other` (filled with `otherRule`) by
    /// `operation`, as non-overlapping closed polygons (rules in Boolean.swift).
    public func combined(_ operation: BooleanOperation, with other: Path, fillRule: FillRule = .nonZero,
                         otherFillRule: FillRule = .nonZero,
                         tolerance: Double = PolygonLimits.defaultTolerance) throws(GeometryError) -> Path {
        try PathBoolean.fold([FilledPath(self, fillRule: fillRule), FilledPath(other, fillRule: otherFillRule)],
                             operation, tolerance: tolerance)
    }
}

/// Boolean operations on filled paths (rules in Boolean.swift).
public enum PathBoolean {
    /// op(…op(op(P₀, P₁), P₂)…, Pₙ); an empty list gives an empty path, one operand is normalised.
    /// Each call of the polygon library is costed first (BooleanCost.swift): over
    /// `PolygonLimits.maximumCost`, or over what `budget` (the frame's allowance) has left, the
    /// fold throws `.tooExpensive` before the sweep runs.
    public static func fold(_ operands: [FilledPath], _ operation: BooleanOperation,
                            tolerance: Double = PolygonLimits.defaultTolerance,
                            budget: BooleanBudget? = nil) throws(GeometryError) -> Path {
        guard !operands.isEmpty else { return Path() }
        let flattened = try PolygonFlattening.flatten(operands.map(\.path), tolerance: tolerance)
        let scale = PolygonScale(maxMagnitude: PolygonFlattening.maxMagnitude(flattened))
        var result = try costedClip(.union, scale.integerPolygons(flattened[0]), operands[0].fillRule,
                                    IntegerPolygons(), .nonZero, budget: budget)
        for index in operands.indices.dropFirst() {
            result = try costedClip(operation, result, .nonZero,
                                    scale.integerPolygons(flattened[index]), operands[index].fillRule, budget: budget)
        }
        return scale.path(result)
    }

    /// One library call after its cost estimate is checked against the caps.
    private static func costedClip(_ operation: BooleanOperation, _ subject: IntegerPolygons, _ subjectRule: FillRule,
                                   _ clip: IntegerPolygons, _ clipRule: FillRule,
                                   budget: BooleanBudget?) throws(GeometryError) -> IntegerPolygons {
        let limit = min(PolygonLimits.maximumCost, budget.map { $0.limit - $0.spent } ?? .max)
        let cost = BooleanCost.estimate(subject, clip, limit: limit)
        guard cost <= PolygonLimits.maximumCost else { throw .tooExpensive(cost: cost, limit: PolygonLimits.maximumCost) }
        try budget?.charge(cost)
        return try ClipperCall.clip(operation, subject, subjectRule, clip, clipRule)
    }

    /// Lottie's merge paths on `operands` in the order given (Boolean.swift). `.merge` appends
    /// the paths unchanged (curves kept); the other modes return polygons.
    public static func merge(_ operands: [FilledPath], mode: MergeMode,
                             tolerance: Double = PolygonLimits.defaultTolerance,
                             budget: BooleanBudget? = nil) throws(GeometryError) -> Path {
        switch mode {
        case .merge:
            var path = Path()
            for operand in operands { path.append(operand.path) }
            return path
        case .add: return try fold(operands, .union, tolerance: tolerance, budget: budget)
        case .subtract: return try fold(operands, .difference, tolerance: tolerance, budget: budget)
        case .intersect: return try fold(operands, .intersection, tolerance: tolerance, budget: budget)
        case .excludeIntersections: return try fold(operands, .exclusion, tolerance: tolerance, budget: budget)
        }
    }
}
