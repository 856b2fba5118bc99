// The review page (issue 15 item 10): `batch --previews` writes `--out/index.html`, checked as
// text (every output, relative links that exist, nothing from the network, names escaped,
// what changed since the last run) and in a real headless Chromium (Debian's `chromium`,
// installed by `make deps-test`): the page loads, its first video plays (its time advances;
// a broken video reports an error instead — the control that shows the check can fail), and
// a screenshot of it is not blank.
import Foundation
import Testing
import Video
@testable import AnimExport

/// Runs headless Chromium on `url` with `arguments`; (status, stdout). Hang guard 120 s (a
/// load takes ~3 s).
func chromium(_ arguments: [String], url: String) throws -> RunResult {
    let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                 "--user-data-dir=" + NSTemporaryDirectory() + "animexport-chromium-" + UUID().uuidString]
    let quoted = (flags + arguments + [url]).map { "'" + $0 + "'" }.joined(separator: " ")
    return try runShell("exec chromium \(quoted)", cwd: NSTemporaryDirectory(), guard: 120)
}

@Suite(.serialized) struct ReviewPage {
    func makeBatch(_ root: String) throws {
        try write(#"{"animation": "pulse", "seconds": 0.5, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "pulse/square.mp4"}, {"name": "pulse/x&<y>.mp4", "size": "120x120"}, {"name": "pulse/poster.png", "time": 0.3}]}"#, root, "p/pulse.json")
        try write(#"{"animation": "dots", "seconds": 0.5, "scale": 0.5, "encoder": {"preset": "ultrafast"}}"#, root, "p/dots.json")
    }

    @Test func theReviewPageListsEveryOutputAndIsSelfContained() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try makeBatch(root)
        let r = try run(["batch", "p", "--out", "dist", "--previews"], cwd: root)
        #expect(r.status == 0, "\(r.stderr)")
        let page = try String(contentsOfFile: root + "/dist/index.html", encoding: .utf8)
        for name in ["pulse/square.mp4", "pulse/poster.png", "dots.mp4"] { #expect(page.contains(">\(name)</h2>"), "\(name)") }
        #expect(page.contains("x&amp;&lt;y&gt;.mp4") && !page.contains("x&<y>"), "names are escaped")
        #expect(!page.contains("http:") && !page.contains("https:") && !page.contains("src=\"//"), "nothing from the network")
        // Every link is relative and names a file that exists.
        let links = page.matches(of: /(?:src|href|poster)="([^"]+)"/).map { String($0.1) }
        #expect(links.count >= 9, "\(links)")
        for link in links {
            let path = root + "/dist/" + (link.replacingOccurrences(of: "&amp;", with: "&").removingPercentEncoding ?? link)
            #expect(FileManager.default.fileExists(atPath: path), "\(link)")
        }
        #expect(page.components(separatedBy: "<video ").count - 1 == 3)
        #expect(page.components(separatedBy: "class=\"change\">new<").count - 1 == 4)
        // Second run: unchanged; a changed preset shows as changed.
        #expect(try run(["batch", "p", "--out", "dist", "--previews"], cwd: root).status == 0)
        let again = try String(contentsOfFile: root + "/dist/index.html", encoding: .utf8)
        #expect(again.components(separatedBy: "class=\"change\">unchanged<").count - 1 == 4, "\(again)")
        try write(##"{"animation": "dots", "seconds": 0.5, "scale": 0.5, "background": "#000000", "encoder": {"preset": "ultrafast"}}"##, root, "p/dots.json")
        #expect(try run(["batch", "p", "--out", "dist", "--previews"], cwd: root).status == 0)
        let changed = try String(contentsOfFile: root + "/dist/index.html", encoding: .utf8)
        #expect(changed.components(separatedBy: "class=\"change\">changed<").count - 1 == 1, "\(changed)")
    }

    @Test func chromiumLoadsThePagePlaysAVideoAndScreenshotsIt() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try makeBatch(root)
        #expect(try run(["batch", "p", "--out", "dist", "--previews"], cwd: root).status == 0)
        let url = "file://" + root + "/dist/index.html"
        let dom = try chromium(["--autoplay-policy=no-user-gesture-required", "--virtual-time-budget=10000", "--dump-dom"], url: url + "#check")
        #expect(dom.status == 0, "chromium: \(dom.stderr.suffix(500))")
        #expect(dom.stdout.contains("<title>played dots.mp4</title>"), "\(dom.stdout.prefix(300))")

        // The control: a video Chromium cannot decode is reported, not "played".
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: root + "/dist/dots.mp4"))
        let broken = try chromium(["--virtual-time-budget=10000", "--dump-dom"], url: url + "#check")
        #expect(broken.stdout.contains("<title>failed"), "\(broken.stdout.prefix(300))")

        let shot = root + "/shot.png"
        let s = try chromium(["--window-size=1280,900", "--virtual-time-budget=3000", "--screenshot=" + shot], url: url)
        #expect(s.status == 0, "\(s.stderr.suffix(500))")
        let image = try PNGReader.read(path: shot)
        #expect(image.width == 1280 && image.height == 900)
        // Not blank: the dark page background, the white video frames and red discs are all there.
        var colours = Set<UInt32>()
        for i in stride(from: 0, to: image.rgba.count, by: 4 * 97) {
            colours.insert(UInt32(image.rgba[i]) << 16 | UInt32(image.rgba[i + 1]) << 8 | UInt32(image.rgba[i + 2]))
        }
        #expect(colours.count > 20, "\(colours.count) colours")
        #expect(colours.contains(0x15161A), "the page background")
    }

    /// The report lines of `index.html#check` (ReviewPage.swift's script), after Chromium ran it.
    func checkReport(_ root: String) throws -> [String] {
        let dom = try chromium(["--autoplay-policy=no-user-gesture-required", "--virtual-time-budget=10000", "--dump-dom"],
                               url: "file://" + root + "/dist/index.html#check")
        #expect(dom.status == 0, "chromium: \(dom.stderr.suffix(500))")
        guard let r = dom.stdout.firstMatch(of: /<pre id="check-report">([^<]*)<\/pre>/) else { Issue.record("no report: \(dom.stdout.suffix(400))"); return [] }
        return String(r.1).replacingOccurrences(of: "&amp;", with: "&").split(separator: "\n").map(String.init)
    }

    /// Issue 25 item 2: each format in the element browsers play it in, with its own codec line;
    /// the transparent WebM on a checkerboard; a changed output beside the file it replaced.
    @Test func chromiumShowsEachFormatInItsElementWithItsFacts() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let preset = { (gifBackground: String) in
            ##"{"animation": "pulse", "seconds": 0.5, "scale": 0.5, "encoder": {"preset": "ultrafast"}, "outputs": ["##
                + ##"{"name": "a.mp4"}, {"name": "b.gif", "fps": 10, "background": "\##(gifBackground)"}, {"name": "c.webp", "fps": 10, "quality": 80}, "##
                + ##"{"name": "d.webm", "size": "64x64", "background": "#00000000"}]}"##
        }
        try write(preset("#FFFFFF"), root, "p/pulse.json")
        #expect(try run(["batch", "p", "--out", "dist", "--previews"], cwd: root).status == 0)
        let first = try Manifest.read(root + "/dist/manifest.json")
        try write(preset("#202020"), root, "p/pulse.json")
        let r = try run(["batch", "p", "--out", "dist", "--previews"], cwd: root)
        #expect(r.status == 0, "\(r.stderr)")
        let m = try Manifest.read(root + "/dist/manifest.json")
        // The GIF changed: its old file is kept in .previous/, byte for byte.
        #expect(m.outputs["b.gif"]?.sha256 != first.outputs["b.gif"]?.sha256)
        #expect(SHA256.file(root + "/dist/.previous/b.gif")?.sha256 == first.outputs["b.gif"]?.sha256)
        #expect(listing(root + "/dist/.previous") == ["b.gif"], "only the changed output is kept")

        func size(_ n: String) -> String { "\(m.outputs[n]!.width)x\(m.outputs[n]!.height)" }
        let gif = "GIF · global palette of 256 colours, sierra2_4a dither, matte #FFFFFF · pal8"
        let lines = try checkReport(root)
        #expect(lines == [
            "a.mp4 | now | video | \(size("a.mp4")) | plain | H.264 high@3 · libx264 ultrafast, tune animation · crf 18 · yuv420p",
            "b.gif | before | img | \(size("b.gif")) | plain | \(gif)",
            "b.gif | now | img | \(size("b.gif")) | plain | \(gif)",
            "c.webp | now | img | \(size("c.webp")) | plain | WebP · libwebp_anim · quality 80 · bgra",
            "d.webm | now | video | 64x64 | checker | VP9 profile 0 · libvpx-vp9 cpu-used 4 · crf 30 · yuva420p, transparent",
        ], "\(lines.joined(separator: "\n"))")
        let page = try String(contentsOfFile: root + "/dist/index.html", encoding: .utf8)
        #expect(page.contains("before · \(gif)"), "the old file's facts")

        // The control: a file the browser cannot decode reads as broken, not as its size.
        try Data("not a webp".utf8).write(to: URL(fileURLWithPath: root + "/dist/c.webp"))
        #expect(try checkReport(root).contains { $0.hasPrefix("c.webp | now | img | broken |") })

        // The next run (nothing changed but the broken file, rendered again) empties .previous/.
        try write(preset("#202020"), root, "p/pulse.json")
        #expect(try run(["batch", "p", "--out", "dist", "--previews"], cwd: root).status == 0)
        #expect(!FileManager.default.fileExists(atPath: root + "/dist/.previous/b.gif"))
        #expect(!(try String(contentsOfFile: root + "/dist/index.html", encoding: .utf8)).contains(".previous/"))
    }
}
