// Decoding a whole file: root members, assets, compositions, and the checks that need all of
// them (parenting per composition, the precomposition graph).
//
// Only compositions reachable from the root are decoded: an unused precomposition asset is
// neither checked nor reported, as no player draws it. Composition indices are given in order
// of first reference (root 0).

import JSON
import Geometry
import Raster

public enum LottieDecoder {
    /// Decodes a Lottie file's bytes. `file` names it in messages.
    /// `slots`: the caller's slot values, over the file's (Decoding/SlotValues.swift).
    /// `variables`: values of variables the player assigns (Expressions/ExpressionVariables.swift).
    public static func decode(_ bytes: [UInt8], file: String, limits: LottieLimits = .standard,
                              slots: [String: LottieSlotInput] = [:],
                              variables: [String: ExpressionVariable] = [:]) throws(LottieError) -> LottieAnimation {
        guard bytes.count <= limits.maxFileBytes else {
            throw LottieError(file: file, path: "", message: "\(bytes.count) bytes is over the cap of \(limits.maxFileBytes) bytes per Lottie file")
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw LottieError(file: file, path: "", message: "a dotLottie (zip) archive named like a JSON file; name it .lottie to open it as a dotLottie")
        }
        let json: JSONValue
        do {
            json = try JSONScanner.parse(bytes, limits: JSONLimits(maxDepth: limits.maxJSONDepth, maxValues: limits.maxJSONValues))
        } catch {
            let (line, column) = bytes.withUnsafeBufferPointer { JSONScanner.lineAndColumn(of: error.offset, in: $0) }
            let path = jsonPathString(error.path)
            let location = "line \(line), column \(column)" + (path.isEmpty ? "" : " (\(path))")
            throw LottieError(file: file, path: "", message: "malformed JSON at \(location): \(error.message)")
        }
        let context = DecodeContext(file: file, limits: limits)
        context.slotInputs = slots
        context.expressionVariables = variables.mapValues(\.scriptValue)
        return try context.animation(json)
    }

    /// Reads and decodes the file at `path` (a regular file within the size cap).
    public static func load(path: String, limits: LottieLimits = .standard, slots: [String: LottieSlotInput] = [:],
                            variables: [String: ExpressionVariable] = [:]) throws(LottieError) -> LottieAnimation {
        let bytes = try LottieFileReader.read(path, maxBytes: limits.maxFileBytes)
        return try decode(bytes, file: path, limits: limits, slots: slots, variables: variables)
    }
}

/// A precomposition asset found by the pre-scan.
private struct PrecompAsset {
    let position: Int
    let object: JSONObject
    let id: String
}

extension DecodeContext {
    func animation(_ json: JSONValue) throws(LottieError) -> LottieAnimation {
        let root = try object(json, "a Lottie animation object")
        let frameRate = try requiredNumber(root, "fr", "frame rate")
        try check(frameRate, in: 0.001...limits.maxFrameRate, "frame rate", member: "fr")
        let inPoint = try optionalNumber(root, "ip") ?? 0
        let outPoint = try requiredNumber(root, "op", "out point")
        for (key, value) in [("ip", inPoint), ("op", outPoint)] {
            try check(value, in: -limits.maxFrame...limits.maxFrame, "a frame", member: key)
        }
        guard outPoint > inPoint else {
            throw error("the out point (\(formatNumber(outPoint))) must come after the in point (\(formatNumber(inPoint)))", member: "op")
        }
        let width = try requiredNumber(root, "w", "width"), height = try requiredNumber(root, "h", "height")
        try check(width, in: 1...limits.maxCanvasSide, "width", member: "w")
        try check(height, in: 1...limits.maxCanvasSide, "height", member: "h")
        if case .object(let s)? = member(root, "slots") { slots = s }
        expressionScope.frameRate = frameRate
        (expressionScope.compWidth, expressionScope.compHeight) = (width, height)
        expressionScope.compDuration = (outPoint - inPoint) / frameRate

        let (precomps, images) = try assets(root)
        linkCompositions(root)
        var compositionOf: [String: Int] = [:]     // asset id → composition index
        var order: [PrecompAsset] = []             // composition index − 1 → asset
        var compositions: [Composition] = []

        func decodeComposition(_ o: JSONObject, path: String, placePrefix: String, id: String?, size: (Double, Double)) throws(LottieError) -> Composition {
            guard let layersValue = member(o, "layers") else {
                throw LottieError(file: file, path: path, message: "missing \"layers\"")
            }
            let list = try at("layers") { () throws(LottieError) -> [JSONValue] in try array(layersValue, "an array of layers") }
            guard list.count <= limits.maxLayersPerComposition else {
                throw LottieError(file: file, path: path.isEmpty ? "layers" : "\(path).layers",
                                  message: "\(list.count) layers, over the cap of \(limits.maxLayersPerComposition) per composition")
            }
            var layers: [LottieLayer] = [], parents: [Int?] = [], matteParents: [Int?] = []
            try scanEffects(list, placePrefix: placePrefix)
            try at("layers") { () throws(LottieError) in
                for (i, element) in list.enumerated() {
                    try at(i) { () throws(LottieError) in
                        let l = try object(element, "a layer object")
                        let name = self.name(l) ?? ""
                        let place = "\(placePrefix)layers[\(i)] \(quoted(name))"
                        // Reserve composition indices for the precompositions this layer uses.
                        if let ref = try referenceID(l), compositionOf[ref] == nil, let asset = precomps[ref],
                           (try optionalInteger(l, "ty", in: -1000...1000)) == 0 {
                            compositionOf[ref] = order.count + 1
                            order.append(asset)
                        }
                        expressionScope.layerPosition = i
                        layers.append(try layer(l, place: place, defaultSize: size, compositionIndex: compositionOf))
                        parents.append(try optionalInteger(l, "parent", in: Int(Int32.min)...Int(Int32.max)))
                        matteParents.append(try matteParent(l))
                    }
                }
            }
            try Parenting.resolve(&layers, rawParents: parents, file: file, path: path.isEmpty ? "layers" : "\(path).layers",
                                  warnings: &warnings)
            try Mattes.resolve(&layers, rawParents: matteParents, file: file, path: path.isEmpty ? "layers" : "\(path).layers",
                               warnings: &warnings)
            SetMatte.resolve(&layers, warnings: &warnings)   // set matte effects (Layers/SetMatte.swift)
            return Composition(id: id, name: name(o), layers: layers)
        }

        compositions.append(try decodeComposition(root, path: "", placePrefix: "", id: nil, size: (width, height)))
        var next = 0
        while next < order.count {
            let asset = order[next]
            next += 1
            let size = (try optionalNumber(asset.object, "w") ?? width, try optionalNumber(asset.object, "h") ?? height)
            let composition = try at("assets") { () throws(LottieError) -> Composition in
                try at(asset.position) { () throws(LottieError) -> Composition in
                    try decodeComposition(asset.object, path: "assets[\(asset.position)]", placePrefix: "assets[\(asset.position)].",
                                          id: asset.id, size: size)
                }
            }
            compositions.append(composition)
        }
        place = "the file"
        let (work, memory) = try PrecompGraph.check(compositions, file: file, limits: limits, features: &features)
        let (fonts, glyphs) = try (self.fonts(root), self.glyphs(root))
        var animation = LottieAnimation(version: try optionalString(root, "v"), name: name(root), frameRate: frameRate,
                               inPoint: inPoint, outPoint: outPoint, width: width, height: height,
                               compositions: compositions, markers: try markers(root), images: images, features: features,
                               warnings: warnings, frameWork: work)
        (animation.fonts, animation.glyphs) = (fonts, glyphs)
        animation.repairs = repairs
        animation.frameMemory = memory
        animation.slots = slotUses.slots
        animation.measuredTextPlaces = links.measuredText
        animation.readVariables = readVariables
        return animation
    }

    /// An image asset with a `sid` the slots table defines: that entry's `p` (asset fields) over
    /// the asset's own.
    private func imageSlotted(_ a: JSONObject) -> JSONObject {
        guard case .string(let sid)? = member(a, "sid"), case .object(let s)? = slots?[sid], case .object(let p)? = s["p"] else { return a }
        record(.slots)
        var merged = a     // a later member wins (JSONObject): the slot's fields over the asset's
        for (key, value) in zip(p.keys, p.values) { merged.append(key, value) }
        return merged
    }

    /// Pre-scans `assets`: precompositions (assets with `layers`) by id, and image assets.
    private func assets(_ root: JSONObject) throws(LottieError) -> ([String: PrecompAsset], [ImageAsset]) {
        guard let v = member(root, "assets") else { return ([:], []) }
        return try at("assets") { () throws(LottieError) -> ([String: PrecompAsset], [ImageAsset]) in
            var precomps: [String: PrecompAsset] = [:], images: [ImageAsset] = []
            for (i, element) in try array(v, "an array of assets").enumerated() {
                try at(i) { () throws(LottieError) in
                    let a = try object(element, "an asset object")
                    let id: String
                    switch member(a, "id") {
                    case .string(let s)?: id = s
                    case .number(let n)?: id = formatNumber(n)
                    default: throw error("missing asset id (\"id\")")
                    }
                    if member(a, "layers") != nil {
                        if precomps[id] == nil { precomps[id] = PrecompAsset(position: i, object: a, id: id) }
                    } else if case let own = a, case let a = imageSlotted(own), let p = try optionalString(a, "p") {
                        // An image slot (`sid` on the asset): the slots table's `p` holds the asset's fields.
                        let folder = try optionalString(a, "u") ?? ""
                        var image = ImageAsset(id: id, width: try optionalNumber(a, "w"), height: try optionalNumber(a, "h"),
                                               path: p, folder: folder,
                                               isEmbedded: (try optionalBool(a, "e") ?? false) || p.hasPrefix("data:"))
                        if case .string(let sid)? = member(own, "sid") {
                            image.slot = sid
                            noteSlot(element, kind: "image")
                            if slotInputs[sid] != nil { record(.slots) }
                        }
                        images.append(image)
                    }
                }
            }
            return (precomps, images)
        }
    }

    private func markers(_ root: JSONObject) throws(LottieError) -> [Marker] {
        guard let v = member(root, "markers") else { return [] }
        return try at("markers") { () throws(LottieError) -> [Marker] in
            var out: [Marker] = []
            for (i, element) in try array(v, "an array of markers").enumerated() {
                let marker = try at(i) { () throws(LottieError) -> Marker in
                    let m = try object(element, "a marker object")
                    return Marker(name: try optionalString(m, "cm") ?? "", frame: try optionalNumber(m, "tm") ?? 0,
                                  duration: try optionalNumber(m, "dr") ?? 0)
                }
                out.append(marker)
            }
            if !out.isEmpty { record(.markers) }
            return out
        }
    }
}
