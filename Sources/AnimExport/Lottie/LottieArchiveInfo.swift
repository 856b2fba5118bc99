// `animexport info FILE.lottie`: the animations a dotLottie archive holds, then the selected one
// (the first, or --animation ID) described as for a JSON file (LottieInfo.swift).
//
//   x.lottie: dotLottie 2, 2 animations
//     animations  "intro" (a/intro.json) [shown below], "outro" (a/outro.json)
//     themes      "dark", "light"     (dotLottie 2.0 themes, for --theme ID / a preset's "theme")
//   x.lottie: Lottie 5.7.0 "intro" …   (the selected animation, as `info FILE.json` prints it)
//
// With --json: {"archive": {"file", "version", "animations": [{"id", "path"}], "themes": [ID…],
// "selected"}, "animation": {…}}.
import Foundation
import Lottie

/// `info --json` of an archive: the archive's animations beside the selected one's object.
func archiveInfoObject(_ dot: DotLottie, selected: String?, animation: [String: Any]) -> [String: Any] {
    let archive: [String: Any] = [
        "file": dot.file, "version": dot.version ?? NSNull(), "selected": selected ?? dot.animations[0].id,
        "animations": dot.animations.map { ["id": $0.id, "path": $0.path] }, "themes": dot.themeIDs,
    ]
    return ["archive": archive, "animation": animation]
}

/// `info` of an archive: its animations, then the selected one's lines.
func archiveInfoText(_ dot: DotLottie, selected: String?, animationInfo: String) -> String {
    let shown = selected ?? dot.animations[0].id
    let count = dot.animations.count
    let list = dot.animations.map { "\"\($0.id)\" (\($0.path))\($0.id == shown ? " [shown below]" : "")" }
    let themes = dot.themeIDs.map { "\"\($0)\"" }
    let lines = ["\(dot.file): dotLottie\(dot.version.map { " \($0)" } ?? ""), \(count) animation\(count == 1 ? "" : "s")",
                 "  animations  \(list.joined(separator: ", "))"]
        + (themes.isEmpty ? [] : ["  themes      \(themes.joined(separator: ", "))"])
        + [animationInfo]
    return lines.joined(separator: "\n")
}
