// `animexport info FILE.lottie`: the animations a dotLottie archive holds, then the selected one
// (the first, or --animation ID) described as for a JSON file (LottieInfo.swift).
//
//   x.lottie: dotLottie 1.0, 2 animations
//     animations  "intro" (animations/intro.json) [shown below], "outro" (animations/outro.json)
//   x.lottie: Lottie 5.7.0 "intro" …   (the selected animation, as `info FILE.json` prints it)
//
// With --json: {"archive": {"file", "version", "animations": [{"id", "path"}], "selected"}, "animation": {…}}.
import Foundation
import Lottie

func archiveInfo(_ dot: DotLottie, json: Bool, selected: String?, animationInfo: String) throws(LottieError) -> String {
    let shown = selected ?? dot.animations[0].id
    if json {
        let archive: [String: Any] = [
            "file": dot.file, "version": dot.version ?? NSNull(), "selected": shown,
            "animations": dot.animations.map { ["id": $0.id, "path": $0.path] },
        ]
        let inner = (try? JSONSerialization.jsonObject(with: Data(animationInfo.utf8))) ?? NSNull()
        let data = try! JSONSerialization.data(withJSONObject: ["archive": archive, "animation": inner],
                                               options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }
    let count = dot.animations.count
    let list = dot.animations.map { "\"\($0.id)\" (\($0.path))\($0.id == shown ? " [shown below]" : "")" }
    return ["\(dot.file): dotLottie\(dot.version.map { " \($0)" } ?? ""), \(count) animation\(count == 1 ? "" : "s")",
            "  animations  \(list.joined(separator: ", "))",
            animationInfo].joined(separator: "\n")
}
