// The Lottie file of issue 26's "done when": one animation whose every variable part a variant
// row can replace — a text layer, an image asset, and a slot of every type the Lottie
// specification defines — written two ways:
//
//   • `slotted`: the file a designer ships. "Title" is a text layer (replaced by a preset's
//     "texts"), asset "logo" an external image (replaced by "images"), and properties carry
//     slot ids: "paper" (colour, the background), "accent" (colour, the dot), "alpha" (scalar,
//     the dot's opacity), "dotSize" (vector, its size), "dot" (position, its place), "band"
//     (gradient, the bar along the bottom), "tagline" (text document, the second line) and
//     "badge" (image asset, top right);
//   • `edited`: the same file with a row's values written in by hand where the slots and the
//     replaced text and image were — no slots — which is what the variant must look like.
//
// 160 × 90 points, 10 fps, 10 frames, every property static (a still at t = 0 shows it all).
import Foundation

/// One variant's values, as a CSV row holds them.
struct CardRow {
    var title = "Hello"
    var tagline = "Fast"
    /// "#RRGGBB".
    var paper = "#f2f2e6"
    var accent = "#ff8000"
    var alpha = 100.0
    var dotSize = [8.0, 8.0]
    var dot = [80.0, 80.0]
    /// Two colour stops "#RRGGBB" at offsets 0 and 1.
    var band = ["#ff0000", "#0000ff"]
    /// File names inside the preset's folder ("img/…").
    var logo = "img/logo.png"
    var badge = "img/badge.png"
}

enum LocalisationFixture {
    /// Lottie colour components in 0…1 from "#RRGGBB".
    static func unit(_ hex: String) -> [Double] {
        let v = Int(hex.dropFirst(), radix: 16) ?? 0
        return [Double(v >> 16 & 255) / 255, Double(v >> 8 & 255) / 255, Double(v & 255) / 255]
    }

    static func json(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return String(decoding: data, as: UTF8.self)
    }

    /// A static property, with a slot id when `sid` is given.
    static func property(_ k: Any, sid: String?) -> String {
        sid.map { #"{"sid":"\#($0)","a":0,"k":\#(json(k))}"# } ?? #"{"a":0,"k":\#(json(k))}"#
    }

    static func document(_ text: String, size: Double) -> String {
        #"{"s":\#(size),"f":"NotoSans","t":\#(json(text)),"j":2,"tr":0,"lh":\#(size * 1.2),"ls":0,"fc":[0,0,0]}"#
    }

    /// The file: `slotted` (row = the file's own defaults) or `edited` by hand with `row`.
    static func card(_ row: CardRow = CardRow(), slotted: Bool) -> String {
        let sid: (String) -> String? = { slotted ? $0 : nil }
        let logoFile = (row.logo as NSString).lastPathComponent, badgeFile = (row.badge as NSString).lastPathComponent
        let logoFolder = (row.logo as NSString).deletingLastPathComponent + "/"
        let badgeFolder = (row.badge as NSString).deletingLastPathComponent + "/"
        let stops = unit(row.band[0]).reduce([0.0]) { $0 + [$1] } + unit(row.band[1]).reduce([1.0]) { $0 + [$1] }
        let tagline = #"{\#(slotted ? #""sid":"tagline","# : "")"k":[{"s":\#(document(row.tagline, size: 10)),"t":0}]}"#
        let badgeSlot = slotted ? #""sid":"badge","# : ""
        let paper = unit(row.paper) + [1], accent = unit(row.accent) + [1]
        return """
        {"v":"5.12.0","fr":10,"ip":0,"op":10,"w":160,"h":90,
         "fonts":{"list":[{"fName":"NotoSans","fFamily":"Noto Sans","fStyle":"Regular","ascent":75}]},
         "assets":[{"id":"logo","w":20,"h":20,"u":"\(logoFolder)","p":"\(logoFile)","e":0},
                   {"id":"badge",\(badgeSlot)"w":20,"h":20,"u":"\(badgeFolder)","p":"\(badgeFile)","e":0}],
         "layers":[
          {"ty":5,"nm":"Title","ind":1,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[80,40]}},
           "t":{"d":{"k":[{"s":\(document(row.title, size: 16)),"t":0}]},"a":[],"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}}}},
          {"ty":5,"nm":"Tagline","ind":2,"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[80,62]}},
           "t":{"d":\(tagline),"a":[],"p":{},"m":{"g":1,"a":{"a":0,"k":[0,0]}}}},
          {"ty":2,"nm":"Logo","ind":3,"refId":"logo","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[4,4]},"a":{"a":0,"k":[0,0]}}},
          {"ty":2,"nm":"Badge","ind":4,"refId":"badge","ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[136,4]},"a":{"a":0,"k":[0,0]}}},
          {"ty":4,"nm":"Dot","ind":5,"ip":0,"op":10,"st":0,
           "ks":{"p":\(property(row.dot, sid: sid("dot"))),"o":\(property(row.alpha, sid: sid("alpha")))},"shapes":[
            {"ty":"gr","nm":"G","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":\(property(row.dotSize, sid: sid("dotSize")))},
             {"ty":"fl","c":\(property(accent, sid: sid("accent"))),"o":{"a":0,"k":100}},{"ty":"tr"}]}]},
          {"ty":4,"nm":"Bar","ind":6,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
            {"ty":"gr","nm":"G","it":[{"ty":"rc","p":{"a":0,"k":[80,88]},"s":{"a":0,"k":[160,4]},"r":{"a":0,"k":0}},
             {"ty":"gf","t":1,"s":{"a":0,"k":[0,88]},"e":{"a":0,"k":[160,88]},"o":{"a":0,"k":100},
              "g":{"p":2,"k":\(property(stops, sid: sid("band")))}},{"ty":"tr"}]}]},
          {"ty":4,"nm":"Background","ind":7,"ip":0,"op":10,"st":0,"ks":{},"shapes":[
            {"ty":"gr","nm":"G","it":[{"ty":"rc","p":{"a":0,"k":[80,45]},"s":{"a":0,"k":[160,90]},"r":{"a":0,"k":0}},
             {"ty":"fl","c":\(property(paper, sid: sid("paper"))),"o":{"a":0,"k":100}},{"ty":"tr"}]}]}
         ]}
        """
    }
}
