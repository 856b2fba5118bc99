// Decoding text layers (`t` of a `ty` 5 layer), `fonts` and `chars` (Model/TextLayer.swift).
//
// Document keyframes are holds; their frames must not decrease. Colours are [r, g, b(, a)] in
// 0…1 (a colour with a component above 1 is read as 0…255, as old exporters wrote). What is read
// but not drawn is recorded in the inventory: selectors other than the range selector (expression, wiggly) and index ranges without an end, randomized order, animator properties other than those
// of TextAnimatorProperties, and anchor point grouping other than by character.

import JSON
import Geometry
import Raster

extension DecodeContext {
    func textContent(_ l: JSONObject) throws(LottieError) -> TextLayerContent {
        guard let tv = member(l, "t") else { throw error("missing text data (\"t\")") }
        return try at("t") { () throws(LottieError) -> TextLayerContent in
            let t = try object(tv, "a text data object")
            guard let dv = member(t, "d") else { throw error("missing text document (\"d\")") }
            let documents = try at("d") { () throws(LottieError) -> TextDocumentTrack in try documentTrack(try object(dv)) }
            var path: TextPathOptions?
            if case .object(let p)? = member(t, "p"), let m = member(p, "m") {
                record(.textPaths)
                path = try at("p") { () throws(LottieError) -> TextPathOptions in try textPath(p, mask: m) }
            }
            var animators: [TextAnimator] = []
            if let av = member(t, "a") {
                try at("a") { () throws(LottieError) in
                    for (i, element) in try array(av, "an array of text animators").enumerated() {
                        try at(i) { () throws(LottieError) in
                            if let a = try animator(try object(element, "a text animator")) { animators.append(a) }
                        }
                    }
                }
            }
            if !animators.isEmpty, case .object(let m)? = member(t, "m") {
                let grouping = try optionalEnumeration(m, "g", in: 1...4, fallback: 1) ?? 1
                let alignment = try at("m") { () throws(LottieError) -> VectorProperty in try vector(m, "a", default: .zero) }
                if (grouping != 1 || !alignment.isConstantZero) && animators.contains(where: { $0.properties.movesGlyphs }) {
                    record(.textGrouping)
                }
            }
            return TextLayerContent(documents: documents, animators: animators, path: path)
        }
    }

    /// `t.p` with a mask index: a mask index that is not a whole number is kept as Int.min (drawn
    /// straight, with a warning naming the layer: TextCoverage.swift), as one past the masks is.
    private func textPath(_ p: JSONObject, mask m: JSONValue) throws(LottieError) -> TextPathOptions {
        let n = try? number(m)
        var options = TextPathOptions(mask: n.flatMap { $0 == $0.rounded() && abs($0) < 1e9 ? Int($0) : nil } ?? Int.min)
        options.firstMargin = try scalar(p, "f", default: 0)
        options.lastMargin = try scalar(p, "l", default: 0)
        options.reversed = try scalar(p, "r", default: 0)
        options.forceAlignment = try scalar(p, "a", default: 0)
        options.perpendicular = try scalar(p, "p", default: 0)
        return options
    }

    private func documentTrack(_ given: JSONObject) throws(LottieError) -> TextDocumentTrack {
        // A text slot (`sid` on `d`): the file's slots table entry's `p` ({"k": [keyframes]})
        // replaces the layer's own; a caller's value patches every document (SlotValues.swift).
        noteSlot(.object(given), kind: "text")
        var d = given
        if case .string(let sid)? = member(given, "sid"), case .object(let s)? = slots?[sid], case .object(let p)? = s["p"],
           member(p, "k") != nil {
            record(.slots)
            d = p
        }
        var track = try documentKeyframes(d)
        if let patch = try slotTextPatch(given) {
            for i in track.documents.indices { patch.apply(to: &track.documents[i]) }
            if let text = patch.text {
                track.expression = nil     // the caller's text wins over a sourceText expression
                textCharacters += text.unicodeScalars.count * track.documents.count
                guard textCharacters <= limits.maxTotalTextCharacters else {
                    throw error("the text documents hold \(textCharacters) characters with the slot's text, over the cap of \(limits.maxTotalTextCharacters) per file")
                }
            }
        }
        return track
    }

    private func documentKeyframes(_ d: JSONObject) throws(LottieError) -> TextDocumentTrack {
        guard let kv = member(d, "k") else { throw error("missing document keyframes (\"k\")") }
        var track = try at("k") { () throws(LottieError) -> TextDocumentTrack in
            let list = try array(kv, "an array of document keyframes")
            guard !list.isEmpty else { throw error("no document keyframes") }
            guard list.count <= limits.maxKeyframes else {
                throw error("\(list.count) keyframes, over the cap of \(limits.maxKeyframes) per property")
            }
            var frames: [Double] = [], documents: [TextDocument] = []
            for (i, element) in list.enumerated() {
                try at(i) { () throws(LottieError) in
                    let k = try object(element, "a document keyframe")
                    let frame = try optionalNumber(k, "t") ?? 0
                    try check(frame, in: -limits.maxFrame...limits.maxFrame, "a frame", member: "t")
                    if let last = frames.last, frame < last {
                        throw error("keyframe at frame \(formatNumber(frame)) comes before the previous one (\(formatNumber(last)))", member: "t")
                    }
                    guard let sv = member(k, "s") else { throw error("missing document (\"s\")") }
                    frames.append(frame)
                    documents.append(try at("s") { () throws(LottieError) -> TextDocument in try document(try object(sv, "a text document")) })
                }
            }
            if documents.count > 1 { record(.animatedProperties) }
            return TextDocumentTrack(frames: frames, documents: documents)
        }
        if case .string(let x)? = member(d, "x"), !x.isEmpty {
            track.expression = try at("x") { () throws(LottieError) -> TextExpression? in textExpression(x, documents: track) }
        }
        return track
    }

    func document(_ s: JSONObject) throws(LottieError) -> TextDocument {
        var doc = TextDocument()
        doc.text = try optionalString(s, "t") ?? ""
        guard doc.text.unicodeScalars.count <= limits.maxTextCharacters else {
            throw error("\(doc.text.unicodeScalars.count) characters, over the cap of \(limits.maxTextCharacters) per text", member: "t")
        }
        textCharacters += doc.text.unicodeScalars.count
        guard textCharacters <= limits.maxTotalTextCharacters else {
            throw error("the text documents hold \(textCharacters) characters so far, over the cap of \(limits.maxTotalTextCharacters) per file", member: "t")
        }
        // Sizes and offsets are geometry: any value within ±maxFrame (exact in a double, far past
        // any canvas) is drawn, clipped; beyond it is clamped and reported (DecodeContext's header).
        let extent = limits.maxFrame
        doc.size = clamped(try optionalNumber(s, "s") ?? 10, to: 0...extent, "font size", member: "s")
        doc.fontName = try optionalString(s, "f") ?? ""
        let j = try optionalEnumeration(s, "j", in: 0...6, fallback: 0) ?? 0
        doc.justification = TextJustification(rawValue: j) ?? .left
        doc.tracking = clamped(try optionalNumber(s, "tr") ?? 0, to: -extent...extent, "tracking", member: "tr")
        if let lh = try optionalNumber(s, "lh") {
            doc.lineHeight = clamped(lh, to: -extent...extent, "line height", member: "lh")
        }
        doc.baselineShift = clamped(try optionalNumber(s, "ls") ?? 0, to: -extent...extent, "baseline shift", member: "ls")
        doc.fillColor = try textColor(s, "fc")
        doc.strokeColor = try textColor(s, "sc")
        doc.strokeWidth = clamped(try optionalNumber(s, "sw") ?? 0, to: 0...extent, "stroke width", member: "sw")
        doc.strokeOverFill = try optionalBool(s, "of") ?? true
        if let sz = member(s, "sz") {
            let size = try at("sz") { () throws(LottieError) -> [Double] in try pair(sz, scale: 1) }
            doc.boxSize = Point(clamped(size[0], to: 0...extent, "box width", member: "sz"),
                                clamped(size[1], to: 0...extent, "box height", member: "sz"))
            if let ps = member(s, "ps") {
                let p = try at("ps") { () throws(LottieError) -> [Double] in try pair(ps, scale: 1) }
                doc.boxPosition = Point(clamped(p[0], to: -extent...extent, "box position", member: "ps"),
                                        clamped(p[1], to: -extent...extent, "box position", member: "ps"))
            }
        }
        doc.caps = TextCaps(rawValue: try optionalEnumeration(s, "ca", in: 0...2, fallback: 0) ?? 0) ?? .regular
        return doc
    }

    /// A document colour: absent or empty → none.
    private func textColor(_ s: JSONObject, _ key: String) throws(LottieError) -> RGBA? {
        guard let v = member(s, key) else { return nil }
        if case .array(let a) = v, a.isEmpty { return nil }
        var c = try at(key) { () throws(LottieError) -> [Double] in try rgba(v) }
        if c.contains(where: { !$0.isFinite }) { throw error("colour components must be finite", member: key) }
        if c[0...2].contains(where: { $0 > 1 }) { for i in 0..<3 { c[i] /= 255 } }
        return RGBA(r: c[0], g: c[1], b: c[2], a: c[3])
    }

    /// One animator; nil for a selector that is not a range selector (recorded).
    private func animator(_ a: JSONObject) throws(LottieError) -> TextAnimator? {
        var selector = TextRangeSelector()
        if let sv = member(a, "s") {
            let s = try at("s") { () throws(LottieError) -> JSONObject in try object(sv, "a text selector") }
            if let type = try at("s", { () throws(LottieError) -> Int? in try optionalInteger(s, "t", in: -1000...1000) }), type != 0 {
                record(.textSelectors)
                return nil
            }
            selector = try at("s") { () throws(LottieError) -> TextRangeSelector in try rangeSelector(s) }
        }
        guard let pv = member(a, "a") else { return nil }
        let properties = try at("a") { () throws(LottieError) -> TextAnimatorProperties in
            try animatorProperties(try object(pv, "text animator properties"))
        }
        return TextAnimator(name: name(a) ?? "", selector: selector, properties: properties)
    }

    private func rangeSelector(_ s: JSONObject) throws(LottieError) -> TextRangeSelector {
        var r = TextRangeSelector()
        r.units = TextRangeSelector.Units(rawValue: try optionalEnumeration(s, "r", in: 1...2, fallback: 1) ?? 1) ?? .percentage
        r.basedOn = TextRangeSelector.BasedOn(rawValue: try optionalEnumeration(s, "b", in: 1...4, fallback: 1) ?? 1) ?? .characters
        r.shape = TextRangeSelector.Shape(rawValue: try optionalEnumeration(s, "sh", in: 1...6, fallback: 1) ?? 1) ?? .square
        r.start = try scalar(s, "s", default: 0)
        r.end = try scalar(s, "e", default: r.units == .percentage ? 100 : 0)
        if member(s, "e") == nil && r.units == .index { record(.textSelectors) }   // "all characters" in index units
        r.offset = try scalar(s, "o", default: 0)
        r.amount = try scalar(s, "a", default: 1, scale: 0.01)   // absent: 100 %
        r.easeHigh = try scalar(s, "xe", default: 0)
        r.easeLow = try scalar(s, "ne", default: 0)
        r.randomize = try optionalBool(s, "rn") ?? false
        if r.randomize { record(.textRandomOrder) }
        r.smoothness = try scalar(s, "sm", default: 100)
        return r
    }

    private func animatorProperties(_ a: JSONObject) throws(LottieError) -> TextAnimatorProperties {
        var p = TextAnimatorProperties()
        for key in a.keys.sorted() {
            switch key {
            case "o": p.opacity = try scalar(a, "o", default: 100, scale: 0.01)
            case "p": p.position = try vector(a, "p", default: .zero)
            case "a": p.anchor = try vector(a, "a", default: .zero)
            case "s": p.scale = try vector(a, "s", default: Point(100, 100), scale: 0.01)
            case "r", "rz": p.rotation = try scalar(a, key, default: 0)
            case "fc": p.fillColor = try textAnimatorColor(a, "fc")
            case "sc": p.strokeColor = try textAnimatorColor(a, "sc")
            case "sw": p.strokeWidth = try scalar(a, "sw", default: 0)
            case "t": p.tracking = try scalar(a, "t", default: 0)
            case "nm", "mn", "ix": break
            default:
                if member(a, key) != nil { record(.textAnimatorProperties) }
            }
        }
        return p
    }

    /// An animator colour; 0…255 components are read as bytes, as in documents.
    private func textAnimatorColor(_ a: JSONObject, _ key: String) throws(LottieError) -> ColorProperty {
        let property = try color(a, key, default: .black)
        if let c = property.constantValue { return ColorProperty(c) }
        return property
    }

    /// `fonts.list`.
    func fonts(_ root: JSONObject) throws(LottieError) -> [LottieFont] {
        guard case .object(let f)? = member(root, "fonts"), let lv = member(f, "list") else { return [] }
        return try at("fonts") { () throws(LottieError) -> [LottieFont] in
            try at("list") { () throws(LottieError) -> [LottieFont] in
                var out: [LottieFont] = []
                for (i, element) in try array(lv, "an array of fonts").enumerated() {
                    try at(i) { () throws(LottieError) in
                        let o = try object(element, "a font object")
                        let name = try optionalString(o, "fName") ?? ""
                        let ascent = try optionalNumber(o, "ascent").map { clamped($0, to: -1000...1000, "ascent", member: "ascent") }
                        out.append(LottieFont(name: name, family: try optionalString(o, "fFamily") ?? name,
                                              style: try optionalString(o, "fStyle") ?? "Regular", ascent: ascent))
                    }
                }
                return out
            }
        }
    }

    /// `chars`.
    func glyphs(_ root: JSONObject) throws(LottieError) -> [LottieGlyph] {
        guard let cv = member(root, "chars") else { return [] }
        return try at("chars") { () throws(LottieError) -> [LottieGlyph] in
            let list = try array(cv, "an array of characters")
            guard list.count <= limits.maxTextCharacters else {
                throw error("\(list.count) characters, over the cap of \(limits.maxTextCharacters)")
            }
            var out: [LottieGlyph] = []
            for (i, element) in list.enumerated() {
                try at(i) { () throws(LottieError) in
                    let c = try object(element, "a character object")
                    let width = clamped(try optionalNumber(c, "w") ?? 0, to: -100_000...100_000, "advance", member: "w")
                    var shapes: [ShapeItem] = []
                    if case .object(let data)? = member(c, "data") {
                        shapes = try at("data") { () throws(LottieError) -> [ShapeItem] in try shapeList(data, "shapes").items }
                    }
                    out.append(LottieGlyph(character: try optionalString(c, "ch") ?? "", family: try optionalString(c, "fFamily") ?? "",
                                           style: try optionalString(c, "style") ?? "", width: width, shapes: shapes))
                }
            }
            return out
        }
    }
}
