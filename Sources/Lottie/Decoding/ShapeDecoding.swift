// Decoding shape lists (`shapes`, a group's `it`) into ShapeItems (Model/ShapeItems.swift).
//
// Items are read by `ty`. Hidden items (`hd`: true) are dropped. A group's `tr` item becomes
// the group's transform (the spec puts it last; it is taken wherever it is, the last one
// winning). Unknown or unmodelled types are kept as `.unsupported` and recorded.

import JSON
import Geometry

extension DecodeContext {
    /// The shape list at member `key` (absent: empty).
    func shapeList(_ o: JSONObject, _ key: String) throws(LottieError) -> (items: [ShapeItem], transform: LottieTransform?) {
        guard let v = member(o, key) else { return ([], nil) }
        return try at(key) { () throws(LottieError) -> ([ShapeItem], LottieTransform?) in
            let list = try array(v, "an array of shapes")
            var items: [ShapeItem] = []
            var transform: LottieTransform?
            for (i, element) in list.enumerated() {
                try at(i) { () throws(LottieError) in
                    let s = try object(element, "a shape object")
                    if try optionalBool(s, "hd") == true { return }
                    let type = try optionalString(s, "ty") ?? ""
                    if type == "tr" {
                        transform = try self.transform(s)
                        return
                    }
                    items.append(try shapeItem(s, type: type))
                }
            }
            return (items, transform)
        }
    }

    func shapeItem(_ s: JSONObject, type: String) throws(LottieError) -> ShapeItem {
        let name = self.name(s)
        switch type {
        case "gr":
            record(.groups)
            let (items, transform) = try shapeList(s, "it")
            return .group(ShapeGroup(name: name, items: items, transform: transform ?? .identity,
                                     blendMode: try shapeBlendMode(s)))
        case "sh":
            record(.paths)
            let shape = try self.shape(s, "ks")
            return .path(PathShape(name: name, shape: shape, direction: try direction(s)))
        case "rc":
            record(.rectangles)
            return .rectangle(RectangleShape(name: name, position: try position(s, "p", default: .zero),
                                             size: try vector(s, "s", default: .zero), roundness: try scalar(s, "r", default: 0),
                                             direction: try direction(s)))
        case "el":
            record(.ellipses)
            return .ellipse(EllipseShape(name: name, position: try position(s, "p", default: .zero),
                                         size: try vector(s, "s", default: .zero), direction: try direction(s)))
        case "sr":
            return .polystar(try polystar(s, name: name))
        case "fl":
            record(.fills)
            let rule = try fillRule(s)
            return .fill(Fill(name: name, color: try color(s, "c", default: .black, opaque: true),
                              opacity: try scalar(s, "o", default: 1, scale: 0.01), rule: rule,
                              blendMode: try shapeBlendMode(s)))
        case "st":
            record(.strokes)
            return .stroke(Stroke(name: name, color: try color(s, "c", default: .black, opaque: true),
                                  opacity: try scalar(s, "o", default: 1, scale: 0.01), style: try strokeStyle(s),
                                  blendMode: try shapeBlendMode(s)))
        case "gf":
            return .gradientFill(GradientFill(name: name, paint: try gradientPaint(s), opacity: try scalar(s, "o", default: 1, scale: 0.01),
                                              rule: try fillRule(s), blendMode: try shapeBlendMode(s)))
        case "gs":
            record(.gradientStrokes)
            return .gradientStroke(GradientStroke(name: name, paint: try gradientPaint(s), opacity: try scalar(s, "o", default: 1, scale: 0.01),
                                                  style: try strokeStyle(s), blendMode: try shapeBlendMode(s)))
        case "tm":
            record(.trimPaths)
            let mode = try optionalEnumeration(s, "m", in: 1...2, fallback: 1) ?? 1
            if mode == 2 { record(.sequentialTrimPaths) }
            return .trim(TrimPath(name: name, start: try scalar(s, "s", default: 0, scale: 0.01),
                                  end: try scalar(s, "e", default: 1, scale: 0.01), offset: try scalar(s, "o", default: 0),
                                  mode: mode == 2 ? .sequential : .parallel))
        case "rp":
            record(.repeaters)
            return .repeater(try repeater(s, name: name))
        case "mm":
            record(.mergePaths)
            let mode = MergeMode(rawValue: try optionalEnumeration(s, "mm", in: 1...5, fallback: 1) ?? 1) ?? .merge
            return .merge(MergePaths(name: name, mode: mode))
        case "rd":
            record(.roundedCorners)
            return .roundedCorners(RoundedCorners(name: name, radius: try scalar(s, "r", default: 0)))
        default:
            let feature: LottieFeature
            switch type {
            case "op": feature = .offsetPaths
            case "pb": feature = .puckerBloat
            case "tw": feature = .twist
            case "zz": feature = .zigZag
            case "no": feature = .noStyle
            default: feature = .unknownShapes
            }
            record(feature)
            return .unsupported(UnsupportedShape(name: name, type: type))
        }
    }

    func direction(_ s: JSONObject) throws(LottieError) -> ShapeDirection {
        (try optionalEnumeration(s, "d", in: 0...3, fallback: 1) ?? 1) == 3 ? .counterClockwise : .clockwise
    }

    func fillRule(_ s: JSONObject) throws(LottieError) -> FillRule {
        let rule = try optionalEnumeration(s, "r", in: 0...2, fallback: 1) ?? 1
        if rule == 2 { record(.evenOddFills); return .evenOdd }
        return .nonZero
    }

    func polystar(_ s: JSONObject, name: String?) throws(LottieError) -> PolystarShape {
        let kind: PolystarShape.Kind = (try optionalEnumeration(s, "sy", in: 1...2, fallback: 1) ?? 1) == 2 ? .polygon : .star
        record(kind == .star ? .stars : .polygons)
        let points = try capped(try scalar(s, "pt", default: 5), member: "pt")
        let most = largestValue(points, otherwise: 0)
        let perPoint = kind == .star ? 2.0 : 1.0
        guard most.rounded() * perPoint <= Double(limits.maxPathVertices) else {
            throw error("\(formatNumber(most)) points make more than \(limits.maxPathVertices) vertices, the cap per path", member: "pt")
        }
        return PolystarShape(name: name, kind: kind, position: try position(s, "p", default: .zero), points: points,
                             rotation: try scalar(s, "r", default: 0), outerRadius: try scalar(s, "or", default: 0),
                             outerRoundness: try scalar(s, "os", default: 0, scale: 0.01),
                             innerRadius: try scalar(s, "ir", default: 0), innerRoundness: try scalar(s, "is", default: 0, scale: 0.01),
                             direction: try direction(s))
    }

    func strokeStyle(_ s: JSONObject) throws(LottieError) -> BaseStroke {
        let cap: LineCap, join: LineJoin
        switch try optionalEnumeration(s, "lc", in: 1...3, fallback: 2) ?? 2 {
        case 1: cap = .butt
        case 3: cap = .square
        default: cap = .round
        }
        switch try optionalEnumeration(s, "lj", in: 1...3, fallback: 2) ?? 2 {
        case 1: join = .miter
        case 3: join = .bevel
        default: join = .round
        }
        let miter = member(s, "ml2") != nil ? try scalar(s, "ml2", default: 4) : ScalarProperty(try optionalNumber(s, "ml") ?? 4)
        var dashes: [DashEntry] = []
        if let d = member(s, "d") {
            try at("d") { () throws(LottieError) in
                let list = try array(d, "an array of dash entries")
                guard list.count <= limits.maxDashEntries else {
                    throw error("\(list.count) dash entries, over the cap of \(limits.maxDashEntries)")
                }
                for (i, element) in list.enumerated() {
                    try at(i) { () throws(LottieError) in
                        let e = try object(element, "a dash entry {\"n\", \"v\"}")
                        let kind: DashEntry.Kind
                        switch try optionalString(e, "n") ?? "d" {
                        case "d": kind = .dash
                        case "g": kind = .gap
                        case "o": kind = .offset
                        case let other: throw error("dash entry type must be \"d\", \"g\" or \"o\", got \"\(other)\"", member: "n")
                        }
                        dashes.append(DashEntry(kind: kind, length: try scalar(e, "v", default: 0)))
                    }
                }
            }
            if !dashes.isEmpty { record(.dashedStrokes) }
        }
        return BaseStroke(width: try scalar(s, "w", default: 0), cap: cap, join: join, miterLimit: miter, dashes: dashes)
    }

    func gradientPaint(_ s: JSONObject) throws(LottieError) -> GradientPaint {
        let type = try optionalEnumeration(s, "t", in: 1...3, fallback: 1) ?? 1
        let kind: GradientKind
        switch type {
        case 2: kind = .radial; record(.radialGradients)
        case 3: kind = .linear; record(.conicGradients)
        default: kind = .linear; record(.linearGradients)
        }
        return GradientPaint(kind: kind, start: try position(s, "s", default: .zero), end: try position(s, "e", default: .zero),
                             highlightLength: try scalar(s, "h", default: 0, scale: 0.01),
                             highlightAngle: try scalar(s, "a", default: 0), stops: try gradient(s, "g"))
    }

    func repeater(_ s: JSONObject, name: String?) throws(LottieError) -> Repeater {
        let copies = try capped(try scalar(s, "c", default: 1), member: "c")
        let most = largestValue(copies, otherwise: 1)
        guard most <= Double(limits.maxRepeaterCopies) else {
            throw error("\(formatNumber(most.rounded(.up))) copies, over the cap of \(limits.maxRepeaterCopies) per repeater", member: "c")
        }
        let composite: Repeater.Composite = (try optionalEnumeration(s, "m", in: 1...2, fallback: 1) ?? 1) == 2 ? .above : .below
        let tr: RepeaterTransform
        if let t = member(s, "tr") {
            tr = try at("tr") { () throws(LottieError) -> RepeaterTransform in
                let o = try object(t, "a repeater transform")
                return RepeaterTransform(transform: try transformBody(o), startOpacity: try scalar(o, "so", default: 1, scale: 0.01),
                                         endOpacity: try scalar(o, "eo", default: 1, scale: 0.01))
            }
        } else {
            tr = RepeaterTransform(transform: .identity, startOpacity: ScalarProperty(1), endOpacity: ScalarProperty(1))
        }
        return Repeater(name: name, copies: copies, offset: try scalar(s, "o", default: 0), composite: composite, transform: tr,
                        mostCopies: Int(max(most, 0).rounded(.up)))
    }
}

/// The largest value `p` takes at any frame, easing overshoot included (KeyframeTrack.valueRange);
/// `otherwise` when it is neither constant nor keyframed.
func largestValue(_ p: ScalarProperty, otherwise: Double) -> Double {
    p.track.map { $0.valueRange(dimension: 0).upperBound } ?? p.constantValue ?? otherwise
}

/// An upper bound on how many times a path of `items` is drawn because of repeaters: the
/// product of the repeaters' largest copy counts along the deepest chain of groups.
func repeaterLoad(_ items: [ShapeItem]) -> Double {
    var here = 1.0, deepest = 1.0
    for item in items {
        switch item {
        case .repeater(let r):
            let most = largestValue(r.copies, otherwise: 1)
            here *= max(most.rounded(.up), 1)
        case .group(let g):
            deepest = max(deepest, repeaterLoad(g.items))
        default:
            break
        }
    }
    return here * deepest
}
