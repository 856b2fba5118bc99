// sourceRectAtTime(t, includeExtents) in scripts, resolved while decoding, as lottie-web answers it
//
// `L.sourceRectAtTime(…)` with L one of thisLayer, parent, thisComp.layer(literal) or a layer
// variable (ScriptLinkDecoding.swift's aliases), or a bare `sourceRectAtTime(…)` (the expression's
// layer), is replaced by the object lottie-web's element gives — the arguments are not read there:
//
//   shape layer (ty 4), precomposition (0)   { top: 0, left: 0, width: 100, height: 100 }
//                                             (RenderableElement's placeholder: lottie-web does not measure shapes)
//   solid (1)                                 { top: 0, left: 0, width: sw, height: sh }
//   image (2)                                 { top: 0, left: 0, width: w, height: h } of its asset
//                                             (IImageElement's sourceRect; the asset's own w × h — a
//                                             replaced image is drawn into that box, Model/TextOverrides.swift)
//   null (3)                                  undefined (lottie-web's NullElement returns nothing)
//   text (5)                                  the bounds of its set glyphs at the frame, measured
//                                             by the builder (Expressions/TextRectLink.swift)
//
// After Effects measures the layer's content at time t instead (a shape layer's path bounds, with
// the stroke when includeExtents is true), so a script laying things out around a shape's real
// bounds differs from AE here; files made for lottie-web were previewed against this answer.

import JSON

extension DecodeContext {
    /// The rewritten call, or nil when `x` is not a sourceRectAtTime call.
    func sourceRect(_ x: ScriptExpr, _ links: inout [LinkTarget]) throws(ExpressionFailure) -> ScriptExpr? {
        guard case let .call(callee, args) = x, args.count <= 2 else { return nil }
        var layer: LinkLayer
        switch callee {
        case .name("sourceRectAtTime"): layer = .current
        case .member(var l, "sourceRectAtTime"):
            if case .name(let n) = l, let aliased = scriptAliases.layers[n] { l = aliased }
            guard let found = Self.spaceLayer(l) else { return nil }
            layer = found
        default: return nil
        }
        let list = expressionScope.layers
        let position = try layerPosition(PropertyLink(layer: layer), in: list)
        guard case .object(let o) = list[position] else { return nil }
        let type = (try? optionalNumber(o, "ty")) ?? -1
        var size = (100.0, 100.0)
        switch type {
        case 0, 4: break
        case 1: size = ((try? optionalNumber(o, "sw")) ?? 0, (try? optionalNumber(o, "sh")) ?? 0)
        case 2:
            guard case .string(let ref)? = member(o, "refId"), let asset = self.links.imageSizes[ref] else {
                throw ExpressionFailure("sourceRectAtTime of an image layer whose image asset (its refId) is missing")
            }
            size = asset
        case 3: return .name("undefined")
        case 5:
            let place = "\(expressionScope.placePrefix)layers[\(position)] \(quoted(name(o) ?? ""))"
            links.append(.textRect(TextRectLink(place: place)))
            self.links.measuredText.insert(place)
            let rect = ScriptExpr.link(links.count - 1)
            return Self.rectObject((0..<4).map { .index(rect, .number(Double($0))) })
        default:
            throw ExpressionFailure("sourceRectAtTime of a layer of type \(formatNumber(type)) is not supported")
        }
        return Self.rectObject([.number(0), .number(0), .number(size.0), .number(size.1)])
    }

    /// { top, left, width, height } of the four expressions.
    private static func rectObject(_ parts: [ScriptExpr]) -> ScriptExpr {
        .object(zip(["top", "left", "width", "height"], parts).map { ScriptProperty(key: $0, value: $1) })
    }
}
