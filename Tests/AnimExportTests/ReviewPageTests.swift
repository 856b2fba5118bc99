// The review page (issue 15 item 10): `batch --previews` writes `--out/index.html`, checked as
// text (every output, relative links that exist, nothing from the network, names escaped,
// what changed since the last run) and in a real headless Chromium (Debian's `chromium`,
// installed by `make deps-test`): the page loads, its first video plays (its time advances;
// a broken video reports an error instead — the control that shows the check can fail), and
// a screenshot of it is not blank.
import Foundation
import Testing
import Video

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
}
