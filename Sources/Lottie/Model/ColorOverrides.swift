// Colour overrides: a preset recolours a Lottie file without editing it (issue 13 item 4)
//
// An override names what it recolours in one of two ways:
//
//   • by slot: `slot("primary")` — every fill and stroke colour whose property carries
//     `"sid": "primary"` in the file (Lottie's slots, the format's own theming hook). The slot
//     table (`slots`) need not define the id: the property's `sid` is what matches.
//   • by names: `names(["Logo", "Circle", "Fill 1"])` — a path of `nm` names from the root
//     composition down: a layer name first, then group names, and optionally a fill or stroke
//     name last. A precomposition layer's name continues into its composition's layers. Where the
//     path ends on a layer or group, every solid fill and stroke inside it (at any depth, through
//     precompositions) is recoloured; on a solid layer, its colour. Several items with the same
//     name at one level (After Effects allows it) all match. Wildcards, as in lottie-ios'
//     AnimationKeypath: "*" matches any one name at its level, "**" any number of levels
//     (zero included) — ["**", "Fill 1"] is every fill or stroke named "Fill 1" anywhere,
//     ["Hero", "**", "Outline"] those inside the layer "Hero". A trailing "**" adds nothing (a
//     path that ends on a layer or group already means everything inside it); at most
//     `ColorOverride.maxDeepWildcards` "**" per path, since each multiplies the walk.
//
// The new colour replaces the property (an animated colour becomes constant); fill and stroke
// opacities are separate properties and stay as they are. Gradients are not colours and are
// never changed. A precomposition is one composition however many layers show it, so recolouring
// inside it recolours every instance. An override that matches nothing is an error (no silent
// fallback), naming the override.

import Geometry
import Raster

/// One colour replacement (see the file header for what each target matches).
public struct ColorOverride: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        /// Colours whose property has this `sid`.
        case slot(String)
        /// A path of `nm` names from the root composition: layer, groups, then a fill or stroke.
        case names([String])
    }

    public var target: Target
    public var color: RGBA
    /// "**" per name path at most (each one lets the walk try every depth below it).
    public static let maxDeepWildcards = 2

    public init(_ target: Target, color: RGBA) {
        self.target = target
        self.color = color
    }

    /// How the override is named in messages: `slot "primary"` or `"Logo" / "Circle"`.
    public var label: String {
        switch target {
        case .slot(let id): return "slot \"\(id)\""
        case .names(let names): return names.map { "\"\($0)\"" }.joined(separator: " / ")
        }
    }
}

extension LottieAnimation {
    /// The animation with `overrides` applied in order (a later override wins where two match
    /// the same colour). `file` names the Lottie file in messages. Throws when an override
    /// matches no colour: `anim.json: colour override "Logo" / "Fill 9": no fill, stroke or solid layer matches`.
    public func overridingColors(_ overrides: [ColorOverride], file: String) throws(LottieError) -> LottieAnimation {
        var out = self
        for o in overrides {
            let changed: Int
            switch o.target {
            case .slot(let id):
                changed = out.compositions.indices.reduce(0) { n, c in
                    n + recolor(&out.compositions[c].layers, slot: id, color: o.color)
                }
            case .names(let names):
                guard !names.isEmpty else {
                    throw LottieError(file: file, path: "", message: "colour override: an empty name path (give a layer name first)")
                }
                guard names.filter({ $0 == "**" }).count <= ColorOverride.maxDeepWildcards else {
                    throw LottieError(file: file, path: "", message: "colour override \(o.label): more than \(ColorOverride.maxDeepWildcards) \"**\" in one path")
                }
                changed = recolor(&out, composition: 0, names: normalized(names)[...], color: o.color)
            }
            guard changed > 0 else {
                let what = if case .slot = o.target { "no fill or stroke colour has this \"sid\"" }
                           else { "no fill, stroke or solid layer matches (names: layer, groups, then a fill or stroke)" }
                throw LottieError(file: file, path: "", message: "colour override \(o.label): \(what)")
            }
        }
        return out
    }
}

// MARK: By slot

private func recolor(_ layers: inout [LottieLayer], slot: String, color: RGBA) -> Int {
    var n = 0
    for i in layers.indices {
        guard case .shapes(var items) = layers[i].content else { continue }
        let k = recolor(&items, color: color) { $0.slot == slot }
        if k > 0 { layers[i].content = .shapes(items); n += k }
    }
    return n
}

// MARK: By names

/// Consecutive "**" are one; a trailing "**" is dropped (ending on a layer or group already means
/// everything inside it); "**" alone is every layer ("*").
private func normalized(_ names: [String]) -> [String] {
    var out: [String] = []
    for name in names where !(name == "**" && out.last == "**") { out.append(name) }
    while out.count > 1 && out.last == "**" { out.removeLast() }
    return out == ["**"] ? ["*"] : out
}

/// Whether an item's name matches one element of a path ("*": any name).
private func matches(_ name: String?, _ element: String) -> Bool { element == "*" || name == element }

/// Recolours the layers of composition `c` named by `names` (a layer, then what is inside it).
private func recolor(_ animation: inout LottieAnimation, composition c: Int, names: ArraySlice<String>, color: RGBA) -> Int {
    var n = 0
    if names.first == "**" {
        // Zero levels: the rest names these layers; or one level more: "**" goes on inside each.
        n += recolor(&animation, composition: c, names: names.dropFirst(), color: color)
        for i in animation.compositions[c].layers.indices { n += recolorInside(&animation, c, i, names: names, color: color) }
        return n
    }
    for i in animation.compositions[c].layers.indices {
        if let first = names.first, !matches(animation.compositions[c].layers[i].name, first) { continue }
        n += recolorInside(&animation, c, i, names: names.isEmpty ? names : names.dropFirst(), color: color)
    }
    return n
}

/// Recolours what `rest` names inside layer `i` of composition `c` (everything when it is empty).
private func recolorInside(_ animation: inout LottieAnimation, _ c: Int, _ i: Int, names rest: ArraySlice<String>, color: RGBA) -> Int {
    switch animation.compositions[c].layers[i].content {
    case .shapes(var items):
        let k = rest.isEmpty ? recolor(&items, color: color) { _ in true } : recolor(&items, names: rest, color: color)
        if k > 0 { animation.compositions[c].layers[i].content = .shapes(items) }
        return k
    case let .solid(_, width, height) where rest.isEmpty:
        animation.compositions[c].layers[i].content = .solid(color: color, width: width, height: height)
        return 1
    case let .precomp(inner, _, _, _):
        // Cycles are refused by the decoder, so this recursion ends.
        return recolor(&animation, composition: inner, names: rest, color: color)
    default:
        return 0
    }
}

/// Recolours the items named by `names` (groups, then optionally a fill or stroke).
private func recolor(_ items: inout [ShapeItem], names: ArraySlice<String>, color: RGBA) -> Int {
    guard let first = names.first else { return recolor(&items, color: color) { _ in true } }
    var n = 0
    if first == "**" {
        // Zero levels: the rest names these items; or one level more: "**" goes on inside each group.
        n += recolor(&items, names: names.dropFirst(), color: color)
        for i in items.indices {
            guard case .group(var g) = items[i] else { continue }
            let k = recolor(&g.items, names: names, color: color)
            if k > 0 { items[i] = .group(g); n += k }
        }
        return n
    }
    let rest = names.dropFirst()
    for i in items.indices {
        switch items[i] {
        case .group(var g) where matches(g.name, first):
            let k = recolor(&g.items, names: rest, color: color)
            if k > 0 { items[i] = .group(g); n += k }
        case .fill(var f) where matches(f.name, first) && rest.isEmpty:
            f.color = ColorProperty(color, slot: f.color.slot)
            items[i] = .fill(f); n += 1
        case .stroke(var s) where matches(s.name, first) && rest.isEmpty:
            s.color = ColorProperty(color, slot: s.color.slot)
            items[i] = .stroke(s); n += 1
        default:
            continue
        }
    }
    return n
}

/// Recolours every fill and stroke in `items` (at any depth) whose colour passes `matches`.
private func recolor(_ items: inout [ShapeItem], color: RGBA, where matches: (ColorProperty) -> Bool) -> Int {
    var n = 0
    for i in items.indices {
        switch items[i] {
        case .group(var g):
            let k = recolor(&g.items, color: color, where: matches)
            if k > 0 { items[i] = .group(g); n += k }
        case .fill(var f) where matches(f.color):
            f.color = ColorProperty(color, slot: f.color.slot)
            items[i] = .fill(f); n += 1
        case .stroke(var s) where matches(s.color):
            s.color = ColorProperty(color, slot: s.color.slot)
            items[i] = .stroke(s); n += 1
        default:
            continue
        }
    }
    return n
}

private extension ColorProperty {
    init(_ value: RGBA, slot: String?) {
        self.init(value)
        self.slot = slot
    }
}
