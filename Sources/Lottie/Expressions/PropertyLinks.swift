// Property links: an expression reading another property of the file (After Effects' layer
// and property objects, the subset Bodymovin files use)
//
//   link      = root { group } [ transform ] property [ ".value" ] [ ".valueAtTime(" t ")" ]
//             | "thisProperty.propertyGroup(1)(" P ")" [ ".value" ] [ ".valueAtTime(" t ")" ]
//   root      = "thisComp.layer(" L ")" | "comp(" S ").layer(" L ")" | "thisLayer" [ ".parent" ]
//             | "parent" | ε
//               (ε: a bare `content(…)` or `transform` is the expression's own layer; a bare
//               `anchorPoint` is its transform's, as lottie-web binds it)
//   group     = ".content(" K ")" | "(\"Contents\")(" K ")" | "(" K ")" (after a group: its item)
//   transform = ".transform" | "(\"Transform\")"
//   property  = "." NAME | "(\"" Display Name "\")"
//
// L is a layer name (its `nm`, the first of that name) or a number (its `ind`, as lottie-web
// reads it); S a composition name (the root's or a precomposition asset's `nm`); K an item name
// (`nm`, or its match name `mn`) or a 1-based index among the items of the group. `parent` is the
// expression's layer's parent (its `parent` names an `ind` of the composition). Property names
// are AE's (`position`, `anchorPoint`, `strokeWidth`…) or their display names ("Position",
// "Anchor Point", "Stroke Width"…). `thisProperty.propertyGroup(1)` is the shape item or transform
// holding the expression's property; P names another of its properties by its `ix` (lottie-web's
// interfaces match a number against `ix`) or its display name. This file only reads the syntax into a PropertyLink;
// Decoding/LinkDecoding.swift finds the property in the file and decodes it.

/// The composition a link names.
enum LinkComposition: Equatable, Sendable {
    case current
    case named(String)
}

/// The layer a link names.
enum LinkLayer: Equatable, Sendable {
    case current
    case name(String)
    /// The layer's `ind`.
    case index(Int)
    /// The current layer's parent.
    case parent
}

/// A reference to another property of the file.
struct PropertyLink: Equatable, Sendable {
    var composition = LinkComposition.current
    var layer = LinkLayer.current
    /// Shape items named from the layer's contents inwards.
    var items: [ExpressionKey] = []
    /// Whether the property belongs to the transform of the layer (no items) or of the last group.
    var transform = false
    /// The property's AE name (`position`, `size`, …).
    var property = ""
    /// `thisProperty.propertyGroup(1)(P)`: a property of the item holding the expression's own
    /// property, by `ix` or name (composition, layer and items unused).
    var sibling: ExpressionKey?

    /// How the expression writes it, for messages: `thisComp.layer("a").content("b").size`.
    var description: String {
        if let sibling {
            switch sibling {
            case .name(let n): return "thisProperty.propertyGroup(1)(\"\(n.prefix(30))\")"
            case .index(let i): return "thisProperty.propertyGroup(1)(\(i))"
            }
        }
        var s: String
        switch (composition, layer) {
        case (_, .current): s = "thisLayer"
        case (_, .parent): s = "parent"
        case (.current, .name(let n)): s = "thisComp.layer(\"\(n.prefix(30))\")"
        case (.current, .index(let i)): s = "thisComp.layer(\(i))"
        case (.named(let c), .name(let n)): s = "comp(\"\(c.prefix(30))\").layer(\"\(n.prefix(30))\")"
        case (.named(let c), .index(let i)): s = "comp(\"\(c.prefix(30))\").layer(\(i))"
        }
        for item in items {
            switch item {
            case .name(let n): s += ".content(\"\(n.prefix(30))\")"
            case .index(let i): s += ".content(\(i))"
            }
        }
        if transform { s += ".transform" }
        return s + "." + property
    }
}

/// A link read from the parse tree, with its time argument (`valueAtTime(t)`) if any.
struct LinkReference {
    var link: PropertyLink
    var atTime: ExpressionNode?
}

enum PropertyLinkSyntax {
    /// Display and match names of properties → AE's names.
    static let propertyNames: [String: String] = [
        "Position": "position", "Anchor Point": "anchorPoint", "Scale": "scale", "Rotation": "rotation",
        "Opacity": "opacity", "Skew": "skew", "Skew Axis": "skewAxis", "Size": "size", "Roundness": "roundness",
        "Start": "start", "End": "end", "Offset": "offset", "Stroke Width": "strokeWidth", "Color": "color",
        "Path": "path", "Points": "points", "Inner Radius": "innerRadius", "Outer Radius": "outerRadius",
        "Inner Roundness": "innerRoundness", "Outer Roundness": "outerRoundness", "Radius": "radius",
        "Copies": "copies", "Start Point": "startPoint", "End Point": "endPoint",
        "ADBE Anchor Point": "anchorPoint", "ADBE Position": "position", "ADBE Scale": "scale",
        "ADBE Rotate Z": "rotation", "ADBE Opacity": "opacity", "ADBE Vector Shape": "path",
    ]
    static let propertyNameSet = Set(propertyNames.keys)
    /// Members of a layer that are not properties: read by the interpreter, not as links.
    static let layerAttributes: Set<String> = ["index", "name", "inPoint", "outPoint", "startTime", "hasParent", "width", "height",
                                               "sourceRectAtTime"]
    static let transformNames: Set<String> = ["Transform", "ADBE Transform Group", "ADBE Vector Transform Group"]
    static let contentsNames: Set<String> = ["Contents", "ADBE Root Vectors Group", "ADBE Vectors Group"]

    private enum Step {
        case member(String)
        case call([ExpressionNode])
    }

    /// The root name and the member and call steps after it, or nil for any other shape of tree.
    private static func steps(_ e: ExpressionNode) -> (String, [Step])? {
        switch e {
        case .name(let s): return (s, [])
        case let .member(object, name):
            guard let inner = steps(object) else { return nil }
            return (inner.0, inner.1 + [.member(name)])
        case let .call(callee, arguments):
            guard let inner = steps(callee) else { return nil }
            return (inner.0, inner.1 + [.call(arguments)])
        default: return nil
        }
    }

    /// The link `e` writes; nil when `e` does not start as a link does (thisComp.layer, comp,
    /// thisLayer, content, transform); an error when it starts so but is not a link read here.
    static func reference(_ e: ExpressionNode) throws(ExpressionFailure) -> LinkReference? {
        guard let found = steps(e) else { return nil }
        let (root, list) = found
        var link = PropertyLink()
        var rest = list[...]
        switch root {
        case "thisComp":
            guard case .member("layer")? = rest.first else { return nil }
            rest.removeFirst()
            link.layer = try layer(rest.popFirst())
        case "comp":
            guard case .call(let a)? = rest.popFirst(), a.count == 1, case .string(let name) = a[0] else {
                throw ExpressionFailure("comp() takes a composition name")
            }
            guard case .member("layer")? = rest.popFirst() else { throw ExpressionFailure("comp(…) is read only as comp(…).layer(…)") }
            link.composition = .named(name)
            link.layer = try layer(rest.popFirst())
        case "thisLayer":
            guard !rest.isEmpty else { return nil }
            if case .member("parent")? = rest.first { rest.removeFirst(); link.layer = .parent }
        case "parent":
            guard !rest.isEmpty else { return nil }
            link.layer = .parent
        case "thisProperty":
            guard case .member("propertyGroup")? = rest.popFirst(), case .call(let a)? = rest.popFirst(), a.count == 1,
                  case .number(1) = a[0] else {
                throw ExpressionFailure("thisProperty is read only as thisProperty.propertyGroup(1)(property)")
            }
            guard case .call(let b)? = rest.popFirst(), b.count == 1 else {
                throw ExpressionFailure("thisProperty.propertyGroup(1) is read only with a property: (index) or (\"Name\")")
            }
            link.sibling = try item(.call(b))
            return try value(&rest, link)
        case "anchorPoint":     // lottie-web's bare name for the layer's transform.anchorPoint
            link.transform = true
            link.property = "anchorPoint"
            return try value(&rest, link)
        case "content", "transform":
            guard !rest.isEmpty else { return nil }
            rest = ArraySlice([.member(root)] + Array(rest))
        default: return nil
        }
        if case .member("effect")? = rest.first { return nil }     // an expression control (ExpressionCompiler.control)
        if case .member(let m)? = rest.first, layerAttributes.contains(m) { return nil }     // the interpreter's (ScriptLayers.swift)
        try path(&rest, into: &link)
        return try value(&rest, link)
    }

    /// `.value` and `.valueAtTime(t)` after a link.
    private static func value(_ rest: inout ArraySlice<Step>, _ link: PropertyLink) throws(ExpressionFailure) -> LinkReference {
        var atTime: ExpressionNode?
        if case .member("value")? = rest.first { rest.removeFirst() }
        if case .member("valueAtTime")? = rest.first {
            rest.removeFirst()
            guard case .call(let a)? = rest.popFirst(), a.count == 1 else { throw ExpressionFailure("valueAtTime takes 1 argument") }
            atTime = a[0]
        }
        guard rest.isEmpty else { throw ExpressionFailure("\(link.description) is read only as a value (.value, .valueAtTime(t))") }
        return LinkReference(link: link, atTime: atTime)
    }

    private static func layer(_ step: Step?) throws(ExpressionFailure) -> LinkLayer {
        guard case .call(let a)? = step, a.count == 1 else { throw ExpressionFailure("layer() takes a layer name or index") }
        switch a[0] {
        case .string(let s): return .name(s)
        case .number(let n) where n == n.rounded() && abs(n) < 1e9: return .index(Int(n))
        default: throw ExpressionFailure("layer() takes a layer name or index")
        }
    }

    /// Reads groups, `transform` and the property name off the front of `rest`.
    private static func path(_ rest: inout ArraySlice<Step>, into link: inout PropertyLink) throws(ExpressionFailure) {
        while let step = rest.first {
            switch step {
            case .member("content"):
                rest.removeFirst()
                link.items.append(try item(rest.popFirst()))
            case .call(let a) where a.count == 1 && isName(a[0], in: contentsNames):
                rest.removeFirst()
                link.items.append(try item(rest.popFirst()))
            case .member("transform") where !link.transform:
                rest.removeFirst()
                link.transform = true
            case .call(let a) where a.count == 1 && isName(a[0], in: transformNames) && !link.transform:
                rest.removeFirst()
                link.transform = true
            case .member(let name):
                rest.removeFirst()
                link.property = name
                return
            case .call(let a) where a.count == 1 && !link.items.isEmpty && !link.transform && !isName(a[0], in: propertyNameSet):
                // content("Group 1")("Path 1"): a group called with an item's name or index is that item.
                rest.removeFirst()
                link.items.append(try item(.call(a)))
            case .call(let a):
                guard a.count == 1, case .string(let s) = a[0], let name = propertyNames[s] else {
                    throw ExpressionFailure("a property named by (\"…\") must be one of AE's display names (\"Position\", \"Opacity\", …)")
                }
                rest.removeFirst()
                link.property = name
                return
            }
        }
        throw ExpressionFailure("a link names no property")
    }

    private static func item(_ step: Step?) throws(ExpressionFailure) -> ExpressionKey {
        guard case .call(let a)? = step, a.count == 1 else { throw ExpressionFailure("content() takes an item name or index") }
        switch a[0] {
        case .string(let s): return .name(s)
        case .number(let n) where n == n.rounded() && n >= 1 && n < 1e6: return .index(Int(n))
        default: throw ExpressionFailure("content() takes an item name or a 1-based index")
        }
    }

    private static func isName(_ e: ExpressionNode, in names: Set<String>) -> Bool {
        if case .string(let s) = e { return names.contains(s) }
        return false
    }
}
