// Resolving property links (Expressions/PropertyLinks.swift) while decoding
//
// A link names a composition (the current one, or one by `nm`), a layer (by `nm` or `ind`), shape
// items inwards from the layer's `shapes` (by `nm`/`mn` or 1-based index; a group's `it`), and a
// property of the last item or of the transform (the layer's `ks`, a group's `tr` item). The
// property's JSON is decoded again here with scale 1 — so it gives the file's units, the units
// expressions compute in — as the layer decoder reads it, its own expression bound in its own
// layer's scope (in- and out-point, `ind`, effects, its own links). Bounds, none depending on
// the order properties are decoded in:
//   • a chain of links is at most LottieLimits.maxExpressionLinkDepth links long (a binding's
//     linkDepth, checked when it is bound; the chain being resolved is cut at that length too,
//     which bounds the recursion);
//   • a link to the expression's own property reads its value before the expression (`value`), as
//     After Effects does (growth.json's laptop reads its own transform so);
//   • a property reached again while its own chain is being resolved is a reference cycle: every
//     expression of the cycle, and every one linking into it, is reported (keyframed values kept);
//   • each linked property is decoded once per file (kept by JSON path, with failures that do not
//     depend on the chain they were reached through), and at most LottieLimits.maxExpressionLinks
//     decodes are made, so resolving costs a bounded number of property decodes whatever the links;
//   • the cost of one evaluation, links included (ExpressionBinding.swift), is at most
//     LottieLimits.maxExpressionLinkCost.
// What a link names but does not read (a path, a missing layer) is reported, quoting the expression.

import JSON
import Geometry
import Raster

/// A composition's layers, as links find them.
struct LinkedComposition {
    let layers: [JSONValue]
    let layersPath: [JSONPathComponent]
    let placePrefix: String
}

/// What resolving links has reached in one file.
struct LinkState {
    /// Compositions by `nm` (the root's and precomposition assets', the first of each name).
    var compositions: [String: LinkedComposition] = [:]
    /// The root composition when the file gives it no `nm`, and the names `comp(…)` was read as it.
    var unnamedRoot: LinkedComposition?
    var namesReadAsRoot: Set<String> = []
    /// Image assets' `w` × `h` by id, the first of each id (an image layer's sourceRectAtTime).
    var imageSizes: [String: (width: Double, height: Double)] = [:]
    /// Text layers whose sourceRectAtTime a script reads, by place (LottieAnimation.measuredTextPlaces).
    var measuredText: Set<String> = []
    /// Linked properties decoded so far, by JSON path (failures too).
    var resolved: [String: Result<LinkTarget, ExpressionFailure>] = [:]
    /// JSON paths of the linked properties being decoded, outermost first.
    var chain: [String] = []
    /// Properties (by JSON path) whose expression was not bound because of a link in it, and why.
    var failedBindings: [String: ExpressionFailure] = [:]
    /// Linked properties decoded (LottieLimits.maxExpressionLinks).
    var decodes = 0
    /// Expression scopes of compositions other than the current one, by place prefix.
    var scopes: [String: ExpressionScope] = [:]
}

/// A linked property found in the JSON: its container object and path, and how to decode it.
struct LocatedProperty {
    enum Kind {
        case scalar(Double)
        case vector(Point)
        case position
        case color
        /// A path (`sh` items' `ks`): read by path links and scripts (PathLinkDecoding.swift, ScriptPaths.swift), not by typed expressions.
        case path
    }

    let composition: LinkedComposition
    let layerPosition: Int
    let layer: JSONObject
    let container: JSONObject
    let containerPath: [JSONPathComponent]
    let key: String
    let kind: Kind
}

extension DecodeContext {
    /// Registers the compositions `comp(name)` can name: the root by its `nm`, a precomposition
    /// asset by its `nm` (After Effects' composition name), and — as lottie-web registers them — a
    /// precomposition by the `nm` of a layer showing it (`ty` 0, its `refId`), the root's layers
    /// first, then each asset's in order; the first of each name.
    func linkCompositions(_ root: JSONObject) {
        if case .array(let list)? = member(root, "layers") {
            let c = LinkedComposition(layers: list, layersPath: [.key("layers")], placePrefix: "")
            if let n = name(root) { links.compositions[n] = c } else { links.unnamedRoot = c }
        }
        guard case .array(let assets)? = member(root, "assets") else { return }
        var byID: [String: LinkedComposition] = [:]
        for (i, a) in assets.enumerated() {
            guard case .object(let o) = a else { continue }
            if case .string(let id)? = member(o, "id"), case .number(let w)? = member(o, "w"), case .number(let h)? = member(o, "h"),
               member(o, "layers") == nil, links.imageSizes[id] == nil {
                links.imageSizes[id] = (w, h)
            }
            guard case .array(let list)? = member(o, "layers") else { continue }
            let c = LinkedComposition(layers: list, layersPath: [.key("assets"), .index(i), .key("layers")], placePrefix: "assets[\(i)].")
            if case .string(let id)? = member(o, "id"), byID[id] == nil { byID[id] = c }
            if let n = name(o), links.compositions[n] == nil { links.compositions[n] = c }
        }
        var lists: [[JSONValue]] = []
        if case .array(let list)? = member(root, "layers") { lists.append(list) }
        for case .object(let o) in assets { if case .array(let list)? = member(o, "layers") { lists.append(list) } }
        for list in lists {
            for case .object(let l) in list {
                guard case .number(0)? = member(l, "ty"), let n = name(l), links.compositions[n] == nil,
                      case .string(let ref)? = member(l, "refId"), let c = byID[ref] else { continue }
                links.compositions[n] = c
            }
        }
    }

    /// The property `link` names, decoded (file header), or why it cannot be read.
    func linkTarget(_ link: PropertyLink) throws(ExpressionFailure) -> LinkTarget {
        let found = try locate(link)
        let key = jsonPathString(found.containerPath + [.key(found.key)])
        if key == jsonPathString(path) { return .own }
        if let done = links.resolved[key] { return try done.get() }
        if links.chain.contains(key) {
            throw ExpressionFailure("a reference cycle through \(link.description)", inLink: true)
        }
        guard links.chain.count < limits.maxExpressionLinkDepth else {
            throw ExpressionFailure("links chained more than \(limits.maxExpressionLinkDepth) deep", inLink: true, dependsOnChain: true)
        }
        guard links.decodes < limits.maxExpressionLinks else {
            throw ExpressionFailure("more than \(limits.maxExpressionLinks) linked properties decoded in the file", inLink: true,
                                    dependsOnChain: true)
        }
        links.decodes += 1
        links.chain.append(key)
        defer { links.chain.removeLast() }
        links.failedBindings[key] = nil
        let result: Result<LinkTarget, ExpressionFailure>
        do throws(LottieError) {
            let target = try decodeLinked(found)
            if let failure = links.failedBindings[key] {
                result = .failure(failure)      // the first cause, as it is: a chain's messages stay short
            } else {
                result = .success(target)
            }
        } catch {
            result = .failure(ExpressionFailure("\(link.description) cannot be decoded: \(error.message.prefix(120))", inLink: true))
        }
        if case .failure(let f) = result, f.dependsOnChain { return try result.get() }
        links.resolved[key] = result
        return try result.get()
    }

    /// Decodes the located property in its own layer's expression scope.
    private func decodeLinked(_ found: LocatedProperty) throws(LottieError) -> LinkTarget {
        try inScope(of: found) { () throws(LottieError) -> LinkTarget in
            let o = found.container
            switch found.kind {
            case .scalar(let d): return .scalar(try scalar(o, found.key, default: d))
            case .vector(let d): return .vector(try vector(o, found.key, default: d))
            case .position: return .position(try position(o, found.key, default: .zero))
            case .color: return .color(try color(o, found.key, default: .black, opaque: true))
            case .path: return .path(try shape(o, found.key))
            }
        }
    }

    /// Runs `body` at the located property's container, in its own layer's expression scope.
    func inScope<T>(of found: LocatedProperty, _ body: () throws(LottieError) -> T) throws(LottieError) -> T {
        let (savedScope, savedPlace) = (expressionScope, place)
        defer { (expressionScope, place) = (savedScope, savedPlace) }
        if found.composition.placePrefix != expressionScope.placePrefix {
            expressionScope = try scope(of: found.composition)
        }
        let l = found.layer
        let layerPlace = "\(found.composition.placePrefix)layers[\(found.layerPosition)] \"\(name(l) ?? "")\""
        expressionScope.currentPlace = layerPlace
        expressionScope.layerPosition = found.layerPosition
        expressionScope.layerInPoint = (try? optionalNumber(l, "ip")) ?? 0
        expressionScope.layerOutPoint = (try? optionalNumber(l, "op")) ?? limits.maxFrame
        expressionScope.layerIndex = ((try? optionalInteger(l, "ind", in: Int(Int32.min)...Int(Int32.max))) ?? nil) ?? 0
        place = layerPlace
        return try at(path: found.containerPath) { () throws(LottieError) -> T in try body() }
    }

    /// The expression scope of another composition (its effects scanned once).
    private func scope(of composition: LinkedComposition) throws(LottieError) -> ExpressionScope {
        if let s = links.scopes[composition.placePrefix] { return s }
        try at(path: Array(composition.layersPath.dropLast())) { () throws(LottieError) in
            try scanEffects(composition.layers, placePrefix: composition.placePrefix)
        }
        links.scopes[composition.placePrefix] = expressionScope
        return expressionScope
    }

    func locate(_ link: PropertyLink) throws(ExpressionFailure) -> LocatedProperty {
        let composition: LinkedComposition
        switch link.composition {
        case .current:
            composition = LinkedComposition(layers: expressionScope.layers, layersPath: expressionScope.layersPath,
                                            placePrefix: expressionScope.placePrefix)
        case .named(let n):
            if let c = links.compositions[n] {
                composition = c
            } else if let root = links.unnamedRoot {
                // After Effects' comp(name) names a composition of the project; of the file's
                // compositions only the root can be it when the file leaves the root unnamed
                // (TypeFace/U.json: comp('U') in the root composition "U"). Said once per name.
                if links.namesReadAsRoot.insert(n).inserted {
                    warnings.append("comp(\"\(n.prefix(30))\") names no composition of the file: read as the root composition, which has no \"nm\" (lottie-web finds no composition there and stops drawing the frame)")
                }
                composition = root
            } else {
                throw ExpressionFailure("comp(\"\(n.prefix(30))\"): no composition has that name (the root's or a precomposition's \"nm\")", inLink: true)
            }
        }
        if let sibling = link.sibling { return try locateSibling(sibling, link, in: composition) }
        let position = try layerPosition(link, in: composition.layers)
        guard case .object(let layer) = composition.layers[position] else {
            throw ExpressionFailure("\(link.description): the layer is not an object", inLink: true)
        }
        var container = layer, path = composition.layersPath + [.index(position)]
        for (depth, item) in link.items.enumerated() {
            let listKey = depth == 0 ? "shapes" : "it"
            guard depth == 0 || (try? optionalString(container, "ty")) == "gr", case .array(let list)? = member(container, listKey),
                  let i = itemPosition(item, in: list), case .object(let o) = list[i] else {
                throw ExpressionFailure("\(link.description): no such item in the layer's contents", inLink: true)
            }
            (container, path) = (o, path + [.key(listKey), .index(i)])
        }
        let type: String
        if link.transform {
            if link.items.isEmpty {
                type = "ks"
                if case .object(let ks)? = member(layer, "ks") { container = ks }
                path.append(.key("ks"))
            } else {
                guard (try? optionalString(container, "ty")) == "gr", case .array(let list)? = member(container, "it"),
                      let i = list.firstIndex(where: { if case .object(let o) = $0 { return (try? optionalString(o, "ty")) == "tr" } else { return false } }),
                      case .object(let tr) = list[i] else {
                    throw ExpressionFailure("\(link.description): the item is not a group with a transform", inLink: true)
                }
                (container, path) = (tr, path + [.key("it"), .index(i)])
                type = "tr"
            }
        } else {
            type = (try? optionalString(container, "ty")) ?? ""
        }
        guard let (key, kind) = linkedProperty(type: type, link.property, container: container) else {
            throw ExpressionFailure("\(link.description): this property is not read by links", inLink: true)
        }
        return LocatedProperty(composition: composition, layerPosition: position, layer: layer, container: container,
                               containerPath: path, key: key, kind: kind)
    }

    /// `thisProperty.propertyGroup(1)(key)`: a property of the object holding the current one.
    private func locateSibling(_ key: ExpressionKey, _ link: PropertyLink, in composition: LinkedComposition) throws(ExpressionFailure) -> LocatedProperty {
        let containerPath = Array(path.dropLast())
        let position = expressionScope.layerPosition
        guard containerPath.starts(with: composition.layersPath), containerPath.count > composition.layersPath.count,
              position < composition.layers.count, case .object(let layer) = composition.layers[position],
              case .object(let container)? = jsonValue(composition.layers, at: containerPath.dropFirst(composition.layersPath.count)) else {
            throw ExpressionFailure("\(link.description): the property's group is not found", inLink: true)
        }
        let type = (try? optionalString(container, "ty")) ?? (containerPath.last == .key("ks") ? "ks" : "")
        let found: (String, LocatedProperty.Kind)?
        switch key {
        case .name(let n): found = linkedProperty(type: type, PropertyLinkSyntax.propertyNames[n] ?? n, container: container)
        case .index(let i):
            found = Self.linkedNames.lazy.compactMap { self.linkedProperty(type: type, $0, container: container) }.first { k in
                if case .object(let o)? = self.member(container, k.0), case .number(let ix)? = self.member(o, "ix") { return ix == Double(i) }
                return false
            }
        }
        guard let (k, kind) = found else { throw ExpressionFailure("\(link.description): this property is not read by links", inLink: true) }
        return LocatedProperty(composition: composition, layerPosition: position, layer: layer, container: container,
                               containerPath: containerPath, key: k, kind: kind)
    }

    private static let linkedNames = ["anchorPoint", "position", "scale", "rotation", "opacity", "skew", "skewAxis", "size",
                                      "roundness", "radius", "points", "innerRadius", "outerRadius", "innerRoundness",
                                      "outerRoundness", "color", "strokeWidth", "startPoint", "endPoint", "start", "end",
                                      "offset", "copies", "path"]

    /// The JSON value at `components` below `list`.
    private func jsonValue(_ list: [JSONValue], at components: ArraySlice<JSONPathComponent>) -> JSONValue? {
        var v = JSONValue.array(list)
        for c in components {
            switch (c, v) {
            case let (.index(i), .array(a)) where i >= 0 && i < a.count: v = a[i]
            case let (.key(k), .object(o)):
                guard let next = member(o, k) else { return nil }
                v = next
            default: return nil
            }
        }
        return v
    }

    func layerPosition(_ link: PropertyLink, in list: [JSONValue]) throws(ExpressionFailure) -> Int {
        let found: Int?
        switch link.layer {
        case .current: found = expressionScope.layerPosition < list.count ? expressionScope.layerPosition : nil
        case .parent:
            guard let p = expressionScope.parentPosition else {
                throw ExpressionFailure("\(link.description): the layer has no parent", inLink: true)
            }
            found = p
        case .name(let n):
            found = list.firstIndex { v in
                if case .object(let o) = v { return self.name(o) == n } else { return false }
            }
        case .index(let i):
            found = list.firstIndex { v in
                guard case .object(let o) = v, case .number(let x)? = self.member(o, "ind") else { return false }
                return x == Double(i)
            }
        }
        guard let found else {
            throw ExpressionFailure("\(link.description): the layer is not in the composition", inLink: true)
        }
        return found
    }

    /// The position of the item named (`nm` or `mn`) or counted (1-based, transforms not counted) in `list`.
    private func itemPosition(_ key: ExpressionKey, in list: [JSONValue]) -> Int? {
        var counted = 0
        for (i, v) in list.enumerated() {
            guard case .object(let o) = v, (try? optionalString(o, "ty")) != "tr" else { continue }
            counted += 1
            switch key {
            case .name(let n): if name(o) == n || (try? optionalString(o, "mn")) == n { return i }
            case .index(let k): if counted == k { return i }
            }
        }
        return nil
    }

    /// The member and kind of property `name` of an item of type `type` ("ks" and "tr": transforms),
    /// with the decoders' defaults in the file's units.
    private func linkedProperty(type: String, _ name: String, container: JSONObject) -> (String, LocatedProperty.Kind)? {
        switch (type, name) {
        case ("ks", "anchorPoint"), ("tr", "anchorPoint"): return ("a", .vector(.zero))
        case ("ks", "position"), ("tr", "position"), ("el", "position"), ("rc", "position"), ("sr", "position"): return ("p", .position)
        case ("ks", "scale"), ("tr", "scale"): return ("s", .vector(Point(100, 100)))
        case ("ks", "rotation"): return (member(container, "rx") != nil ? "rz" : "r", .scalar(0))
        case ("tr", "rotation"), ("sr", "rotation"): return ("r", .scalar(0))
        case ("ks", "opacity"), ("tr", "opacity"), ("fl", "opacity"), ("st", "opacity"), ("gf", "opacity"), ("gs", "opacity"):
            return ("o", .scalar(100))
        case ("ks", "skew"), ("tr", "skew"): return ("sk", .scalar(0))
        case ("ks", "skewAxis"), ("tr", "skewAxis"): return ("sa", .scalar(0))
        case ("el", "size"), ("rc", "size"): return ("s", .vector(.zero))
        case ("rc", "roundness"), ("rd", "radius"): return ("r", .scalar(0))
        case ("sr", "points"): return ("pt", .scalar(5))
        case ("sr", "innerRadius"): return ("ir", .scalar(0))
        case ("sr", "outerRadius"): return ("or", .scalar(0))
        case ("sr", "innerRoundness"): return ("is", .scalar(0))
        case ("sr", "outerRoundness"): return ("os", .scalar(0))
        case ("fl", "color"), ("st", "color"): return ("c", .color)
        case ("st", "strokeWidth"), ("gs", "strokeWidth"): return ("w", .scalar(0))
        case ("gf", "startPoint"), ("gs", "startPoint"): return ("s", .vector(.zero))
        case ("gf", "endPoint"), ("gs", "endPoint"): return ("e", .vector(.zero))
        case ("tm", "start"): return ("s", .scalar(0))
        case ("tm", "end"): return ("e", .scalar(100))
        case ("tm", "offset"), ("rp", "offset"): return ("o", .scalar(0))
        case ("rp", "copies"): return ("c", .scalar(1))
        case ("sh", "path"): return ("ks", .path)
        default: return nil
        }
    }
}
