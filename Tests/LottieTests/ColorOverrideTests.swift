// Colour overrides by slot id and by name path: what each recolours, what stays, and the error
// when an override matches nothing.
import Testing
@testable import Lottie
import Geometry
import Raster

@Suite struct ColorOverrideTests {
    static let red = RGBA(r: 1, g: 0, b: 0, a: 1)

    /// Layer "Logo": group "Circle" (fill "Fill 1" with sid "primary", stroke "Outline"),
    /// a top-level fill "Fill 1" (animated, no sid) and a gradient fill; layer "Back": a solid;
    /// layer "Inner": a precomposition whose layer "Dot" has a fill with sid "primary".
    static let json = lottieJSON(layers: """
        [\(shapeLayer("""
          [{"ty": "gr", "nm": "Circle", "it": [
              {"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}},
              {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1, 1], "sid": "primary"}, "o": {"a": 0, "k": 50}},
              {"ty": "st", "nm": "Outline", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]},
           {"ty": "fl", "nm": "Fill 1", "c": {"a": 1, "k": [{"t": 0, "s": [0, 0, 0, 1]}, {"t": 10, "s": [1, 1, 1, 1]}]}, "o": {"a": 0, "k": 100}},
           {"ty": "gf", "nm": "Glow", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "o": {"a": 0, "k": 100},
            "g": {"p": 2, "k": {"a": 0, "k": [0, 0, 0, 0, 1, 1, 1, 1]}}}]
        """, ind: 1, name: "Logo")),
         {"ty": 1, "ind": 2, "nm": "Back", "ip": 0, "op": 60, "st": 0, "ks": {}, "sc": "#336699", "sw": 100, "sh": 100},
         {"ty": 0, "ind": 3, "nm": "Inner", "refId": "comp", "ip": 0, "op": 60, "st": 0, "ks": {}, "w": 50, "h": 50}]
        """, assets: """
        [{"id": "comp", "layers": [\(shapeLayer("""
          [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
           {"ty": "fl", "nm": "Fill", "c": {"a": 0, "k": [1, 1, 0, 1], "sid": "primary"}, "o": {"a": 0, "k": 100}}]
        """, ind: 1, name: "Dot"))]}]
        """)

    /// The fill and stroke colours at frame 5, in file order, each with its item name.
    func colours(_ a: LottieAnimation) -> [String: [RGBA]] {
        var out: [String: [RGBA]] = [:]
        func walk(_ items: [ShapeItem], _ prefix: String) {
            for item in items {
                switch item {
                case .group(let g): walk(g.items, prefix + (g.name ?? "?") + "/")
                case .fill(let f): out[prefix + (f.name ?? "?"), default: []].append(f.color.value(at: 5))
                case .stroke(let s): out[prefix + (s.name ?? "?"), default: []].append(s.color.value(at: 5))
                default: break
                }
            }
        }
        for c in a.compositions {
            for layer in c.layers {
                switch layer.content {
                case .shapes(let items): walk(items, layer.name + "/")
                case .solid(let color, _, _): out[layer.name, default: []].append(color)
                default: break
                }
            }
        }
        return out
    }

    @Test func slotOverrideRecoloursEveryPropertyWithThatSidAndNothingElse() throws {
        let a = try decode(Self.json)
        let before = colours(a)
        let b = try a.overridingColors([ColorOverride(.slot("primary"), color: Self.red)], file: "anim.json")
        let after = colours(b)
        #expect(after["Logo/Circle/Fill 1"] == [Self.red])
        #expect(after["Dot/Fill"] == [Self.red])           // inside the precomposition
        for key in ["Logo/Circle/Outline", "Logo/Fill 1", "Back"] { #expect(after[key] == before[key], "\(key)") }
        // Opacity is a separate property and is kept.
        guard case .shapes(let items) = b.root.layers[0].content, case .group(let g) = items[0], case .fill(let f) = g.items[1] else {
            Issue.record("layout"); return
        }
        #expect(f.opacity.value(at: 0) == 0.5 && f.color.slot == "primary")
    }

    @Test func namePathsRecolourALayerAGroupOrOneItem() throws {
        let a = try decode(Self.json)
        // One item: the top-level "Fill 1" only (the group's "Fill 1" is one level deeper).
        let one = colours(try a.overridingColors([ColorOverride(.names(["Logo", "Fill 1"]), color: Self.red)], file: "anim.json"))
        #expect(one["Logo/Fill 1"] == [Self.red])
        #expect(one["Logo/Circle/Fill 1"] == [RGBA(r: 0, g: 0, b: 1, a: 1)])
        // A group: its fill and stroke.
        let group = colours(try a.overridingColors([ColorOverride(.names(["Logo", "Circle"]), color: Self.red)], file: "anim.json"))
        #expect(group["Logo/Circle/Fill 1"] == [Self.red] && group["Logo/Circle/Outline"] == [Self.red])
        #expect(group["Logo/Fill 1"] == [RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1)])   // animated, untouched: halfway at frame 5
        // A solid layer, and a precomposition layer (through to its layers).
        let solid = colours(try a.overridingColors([ColorOverride(.names(["Back"]), color: Self.red)], file: "anim.json"))
        #expect(solid["Back"] == [Self.red] && solid["Dot/Fill"] == [RGBA(r: 1, g: 1, b: 0, a: 1)])
        let inner = colours(try a.overridingColors([ColorOverride(.names(["Inner", "Dot", "Fill"]), color: Self.red)], file: "anim.json"))
        #expect(inner["Dot/Fill"] == [Self.red] && inner["Back"] == [RGBA(hex: "#336699")!])
    }

    @Test func wildcardsMatchAnyNameOrAnyDepth() throws {
        let a = try decode(Self.json)
        let blue = RGBA(r: 0, g: 0, b: 1, a: 1)
        func recoloured(_ names: [String]) throws -> [String: [RGBA]] {
            colours(try a.overridingColors([ColorOverride(.names(names), color: Self.red)], file: "anim.json"))
        }
        // "**": every item named "Fill 1" at any depth of any layer, and nothing else.
        let deep = try recoloured(["**", "Fill 1"])
        #expect(deep["Logo/Circle/Fill 1"] == [Self.red] && deep["Logo/Fill 1"] == [Self.red])
        #expect(deep["Logo/Circle/Outline"] == [RGBA(r: 0, g: 1, b: 0, a: 1)] && deep["Dot/Fill"] == [RGBA(r: 1, g: 1, b: 0, a: 1)])
        // "*": any layer's group "Circle" (only Logo has one).
        let any = try recoloured(["*", "Circle"])
        #expect(any["Logo/Circle/Fill 1"] == [Self.red] && any["Logo/Circle/Outline"] == [Self.red])
        #expect(any["Logo/Fill 1"] == [RGBA(r: 0.5, g: 0.5, b: 0.5, a: 1)])
        // Through a precomposition, and "**" alone: everything (the solid too).
        #expect(try recoloured(["Inner", "**", "Fill"])["Dot/Fill"] == [Self.red])
        let all = try recoloured(["**"])
        #expect(all["Back"] == [Self.red] && all["Dot/Fill"] == [Self.red] && all["Logo/Circle/Fill 1"] == [Self.red])
        #expect(all["Logo/Circle/Fill 1"] != [blue])
        // A wildcard path that matches nothing is still an error; too many "**" are refused.
        #expect(throws: LottieError.self) { try a.overridingColors([ColorOverride(.names(["**", "Nope"]), color: Self.red)], file: "anim.json") }
        #expect(throws: LottieError.self) {
            try a.overridingColors([ColorOverride(.names(["**", "a", "**", "b", "**", "Fill"]), color: Self.red)], file: "anim.json")
        }
    }

    @Test func laterOverridesWinAndGradientsAreNeverChanged() throws {
        let a = try decode(Self.json)
        let blue = RGBA(r: 0, g: 0, b: 1, a: 1)
        let b = try a.overridingColors([ColorOverride(.names(["Logo"]), color: Self.red),
                                        ColorOverride(.slot("primary"), color: blue)], file: "anim.json")
        let c = colours(b)
        #expect(c["Logo/Circle/Fill 1"] == [blue] && c["Logo/Circle/Outline"] == [Self.red] && c["Logo/Fill 1"] == [Self.red])
        guard case .shapes(let items) = b.root.layers[0].content, case .gradientFill(let g) = items[2] else { Issue.record("layout"); return }
        var stops = GradientStops()
        g.paint.stops.evaluate(at: 0, into: &stops)
        #expect(stops.colors.map(\.red) == [0, 1])
    }

    @Test func anOverrideThatMatchesNothingIsAnErrorNamingIt() throws {
        let a = try decode(Self.json)
        func message(_ o: ColorOverride) -> String? {
            do { _ = try a.overridingColors([o], file: "anim.json"); return nil } catch { return error.description }
        }
        #expect(message(ColorOverride(.slot("accent"), color: Self.red))
                == "anim.json: colour override slot \"accent\": no fill or stroke colour has this \"sid\"")
        #expect(message(ColorOverride(.names(["Logo", "Glow"]), color: Self.red))?
                .hasPrefix("anim.json: colour override \"Logo\" / \"Glow\": no fill, stroke or solid layer matches") == true)
        #expect(message(ColorOverride(.names(["Back", "Fill"]), color: Self.red)) != nil)   // a solid has no items
        #expect(message(ColorOverride(.names([]), color: Self.red)) != nil)
    }
}
