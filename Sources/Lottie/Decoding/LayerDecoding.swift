// Decoding layers and transforms (spec layers.md, helpers.md "Transform").
//
// Layer members read: ty, nm, ind, parent, ip, op, st, sr, hd, ks, ao, and per type shapes
// (4), sc/sw/sh (1), refId/w/h/tm (0), refId (2). Members of features that are not rendered
// (ef, sy, ddd, mb, expressions) are recorded in the inventory; masksProperties, tt/tp/td and bm
// are read by CompositingDecoding.swift.

import JSON
import Geometry
import Raster

extension DecodeContext {
    /// The transform of a shape group (`tr` item).
    func transform(_ o: JSONObject) throws(LottieError) -> LottieTransform {
        try transformBody(o)
    }

    /// Anchor, position (plain or split), scale, rotation (`r`, or `rz` in 3D layers), skew,
    /// skew axis and opacity of a transform object.
    /// `depth`: a 3D layer's `ks` (`ddd` 1), whose 3D part is drawn (DepthDecoding.swift);
    /// `flatLayer`: a 2D layer's, whose x/y rotations are not drawn and said so; a group's 3D
    /// rotations are only reported.
    func transformBody(_ o: JSONObject, depth: Bool = false, flatLayer: Bool = false) throws(LottieError) -> LottieTransform {
        // lottie-web (TransformProperty): with `rx` the rotation is rz (and `r` is not read);
        // without it, `r` — an `rz` alone is not a rotation there, nor in ThorVG (pr_1930_rz).
        // A 2D layer reads `r` (ThorVG reads rx, ry, rz and `or` only on 3D layers).
        let rotationKey = member(o, "rx") != nil && !flatLayer ? "rz" : "r"
        if rotationKey == "r", member(o, "r") == nil, let rz = member(o, "rz"),
           !(try at("rz") { () throws(LottieError) -> ScalarProperty in try scalar(rz) }).isConstantZero {
            warnings.append("\(jsonPathString(path)).rz: a z rotation without \"rx\" is not drawn (lottie-web and ThorVG read \"rz\" only in 3D transforms; write \"r\")")
        }
        if flatLayer { try warnFlatLayerRotations(o) } else if !depth { try recordThreeD(o) }
        let skew = try scalar(o, "sk", default: 0)
        if !skew.isConstantZero { record(.skew) }
        let anchor = try vector(o, "a", default: .zero)
        let position = try self.position(o, "p", default: .zero)
        let scale = try vector(o, "s", default: Point(1, 1), scale: 0.01)
        let rotation = try scalar(o, rotationKey, default: 0)
        let skewAxis = try scalar(o, "sa", default: 0)
        let opacity = try scalar(o, "o", default: 1, scale: 0.01)
        var transform = LottieTransform(anchor: anchor, position: position, scale: scale, rotation: rotation, skew: skew,
                                        skewAxis: skewAxis, opacity: opacity)
        if depth, let d = try depthTransform(o) {
            transform.depth = d
            if d.leavesPlane { record(.depthLayers) }
        }
        return transform
    }

    /// A 2D layer's x and y rotations and orientation, when not zero: not drawn. After Effects
    /// turns only 3D layers (`ddd` 1) about x and y, and so does ThorVG; lottie-web reads them
    /// whenever `rx` is there (docs/lottie-render.md, 3D layers).
    private func warnFlatLayerRotations(_ o: JSONObject) throws(LottieError) {
        for key in ["rx", "ry", "or"] {
            guard let v = member(o, key) else { continue }
            let zero = key == "or" ? try vector(o, "or", default: .zero).isConstantZero
                : try at(key) { () throws(LottieError) -> Bool in try scalar(v).isConstantZero }
            if !zero {
                warnings.append("\(jsonPathString(path)).\(key): a rotation about x or y on a 2D layer (\"ddd\" 0) is not drawn (After Effects and ThorVG turn only 3D layers; set the layer's \"ddd\" to 1)")
            }
        }
    }

    /// 3-D rotations (`rx`, `ry`, orientation `or`) that are not zero.
    func recordThreeD(_ o: JSONObject) throws(LottieError) {
        var used = false
        for key in ["rx", "ry"] {
            guard let v = member(o, key) else { continue }
            let r = try at(key) { () throws(LottieError) -> ScalarProperty in try scalar(v) }
            if !r.isConstantZero { used = true }
        }
        if member(o, "or") != nil {
            let orientation = try vector(o, "or", default: .zero)
            if !orientation.isConstantZero { used = true }
        }
        if used { record(.threeD) }
    }

    /// One layer of a composition. `place` names it in messages and the inventory;
    /// `compositionIndex` resolves `refId`s (asset id → composition index).
    func layer(_ l: JSONObject, place: String, defaultSize: (Double, Double),
               compositionIndex: [String: Int]) throws(LottieError) -> LottieLayer {
        self.place = place
        guard let type = try optionalInteger(l, "ty", in: -1000...1000) else { throw error("missing layer type (\"ty\")") }
        let inPoint = try optionalNumber(l, "ip") ?? 0
        let outPoint = try optionalNumber(l, "op") ?? limits.maxFrame
        let startTime = try optionalNumber(l, "st") ?? 0
        let stretch = try optionalNumber(l, "sr") ?? 1
        for (key, value) in [("ip", inPoint), ("op", outPoint), ("st", startTime)] where abs(value) > limits.maxFrame {
            throw error("\(formatNumber(value)) is beyond ±\(formatNumber(limits.maxFrame)) frames", member: key)
        }
        let hidden = try optionalBool(l, "hd") ?? false
        if hidden { record(.hiddenLayers) }
        if member(l, "parent") != nil { record(.parenting) }
        try recordUnrendered(l)
        (expressionScope.currentPlace, expressionScope.layerInPoint, expressionScope.layerOutPoint) = (place, inPoint, outPoint)
        expressionScope.layerIndex = ((try? optionalInteger(l, "ind", in: Int(Int32.min)...Int(Int32.max))) ?? nil) ?? 0
        let autoOrient = try optionalBool(l, "ao") ?? false
        if autoOrient { record(.autoOrient) }
        let transform: LottieTransform
        if let ks = member(l, "ks") {
            // A 3D layer (`ddd` 1) turns about x and y; a 2D layer does not (transformBody).
            let threeD = ((try? optionalInteger(l, "ddd", in: -1000...1000)) ?? nil) == 1
            transform = try at("ks") { () throws(LottieError) -> LottieTransform in
                try transformBody(try object(ks, "a transform object"), depth: threeD, flatLayer: !threeD)
            }
        } else {
            transform = .identity
        }
        let content = try layerContent(l, type: type, stretch: stretch, defaultSize: defaultSize, compositionIndex: compositionIndex)
        var layer = LottieLayer(index: try optionalInteger(l, "ind", in: Int(Int32.min)...Int(Int32.max)), name: name(l) ?? "",
                     place: place, parent: nil, inPoint: inPoint, outPoint: outPoint, startTime: startTime,
                     timeStretch: stretch, hidden: hidden, transform: transform, autoOrient: autoOrient, content: content)
        try decodeCompositing(l, into: &layer)
        if case .shapes(let items) = content { layer.contentBlends = ShapeItem.anyBlends(items) }
        layer.effects = expressionScope.effectsByPlace[place] ?? []
        layer.dropShadowStyles = try dropShadowStyles(l)
        return layer
    }

    func layerContent(_ l: JSONObject, type: Int, stretch: Double, defaultSize: (Double, Double),
                      compositionIndex: [String: Int]) throws(LottieError) -> LayerContent {
        switch type {
        case 4:
            record(.shapeLayers)
            let items = try shapeList(l, "shapes").items
            let load = repeaterLoad(items)
            guard load <= Double(limits.maxNestedRepeaterCopies) else {
                throw error("repeaters draw each path up to \(formatNumber(load)) times, over the cap of \(limits.maxNestedRepeaterCopies)", member: "shapes")
            }
            return .shapes(items)
        case 1:
            record(.solidLayers)
            let hex = try optionalString(l, "sc") ?? "#000000"
            // Not a colour (a real file writes ""): black, as the players draw it, reported.
            var color = RGBA(r: 0, g: 0, b: 0, a: 1)
            if let c = RGBA(hex: hex) { color = c } else { repair("sc", "expected a colour \"#rrggbb\", got \"\(hex)\"; used #000000") }
            // A solid's size is geometry: drawn clipped to the canvas however large (issue 22
            // item 5: a real 1800 × 12000 solid); beyond ±maxFrame, clamped and reported.
            let w = clamped(try optionalNumber(l, "sw") ?? 0, to: 0...limits.maxFrame, "solid width", member: "sw")
            let h = clamped(try optionalNumber(l, "sh") ?? 0, to: 0...limits.maxFrame, "solid height", member: "sh")
            return .solid(color: color, width: w, height: h)
        case 0:
            record(.precompositions)
            guard let ref = try referenceID(l) else { throw error("missing precomposition reference (\"refId\")") }
            guard let index = compositionIndex[ref] else {
                warnings.append("\(place): its precomposition \(quoted(ref)) is not in the file's assets; the layer draws nothing")
                return .null
            }
            // w × h only clips; any finite size is allowed.
            let w = clamped(try optionalNumber(l, "w") ?? defaultSize.0, to: 0...limits.maxFrame, "precomposition width", member: "w")
            let h = clamped(try optionalNumber(l, "h") ?? defaultSize.1, to: 0...limits.maxFrame, "precomposition height", member: "h")
            // Collapse transformations: clipped to w × h like any precomposition, as lottie-web,
            // ThorVG and rlottie draw them (After Effects does not clip; docs/lottie-render.md).
            if try optionalBool(l, "ct") == true { record(.collapsedTransformations) }
            var remap: ScalarProperty?
            if member(l, "tm") != nil {
                record(.timeRemap)
                remap = try scalar(l, "tm", default: 0)
            } else if stretch != 1 {
                record(.timeStretch)
            }
            guard stretch != 0, stretch.isFinite else { throw error("time stretch must not be 0", member: "sr") }
            return .precomp(composition: index, width: w, height: h, timeRemap: remap)
        case 3:
            record(.nullLayers)
            return .null
        case 2:
            record(.imageLayers)
            return .image(assetID: try referenceID(l) ?? "")
        case 5:
            record(.textLayers)
            return .text(try textContent(l))
        default:
            record(.otherLayers)
            return .other(type: type)
        }
    }

    /// `refId` as a string (numbers are tolerated and read as their decimal text).
    func referenceID(_ l: JSONObject) throws(LottieError) -> String? {
        switch member(l, "refId") {
        case nil: return nil
        case .string(let s)?: return s
        case .number(let n)?: return formatNumber(n)
        case let other?: throw error("expected a string, got \(other.typeDescription)", member: "refId")
        }
    }

    /// 3D and motion blur: read only to be named (layer styles: LayerStyleDecoding.swift) (masks, mattes and
    /// blend modes: CompositingDecoding.swift).
    func recordUnrendered(_ l: JSONObject) throws(LottieError) {
        if try optionalBool(l, "ddd") == true { record(.flatThreeD) }   // .threeD when a rotation leaves the plane (recordThreeD)
        if try optionalBool(l, "mb") == true { record(.motionBlur) }
    }
}
