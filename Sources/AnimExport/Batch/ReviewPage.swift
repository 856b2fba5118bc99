// The review page of a batch (`batch --previews`): `--out/index.html` (issue 15 item 10).
//
// One card per output of the run, in name order: the video as a player (its poster as the
// player's first picture) or the still, the contact sheet, the size, duration, frame rate,
// codec settings and file size, and what changed since the last run:
//   new        no entry in the previous manifest
//   changed    a new file (different sha256)
//   unchanged  the same file (rendered again to the same bytes, or skipped)
//   previews   only the previews were re-made
//   failed / interrupted / not started   (the previous file, if any, is still there)
// then the presets that failed to load and the outputs no preset makes any more.
//
// Each file is shown by the element browsers play it in: <video> for MP4, MOV and WebM, <img>
// for GIF, APNG and WebP (animated images), PNG sequences (the first frame) and stills; a CSS
// checkerboard sits behind files that can be transparent (alpha kept, PNG stills). A changed
// output whose old file was kept (`--out/.previous/`, PreviousOutputs.swift) is shown beside
// it, "before" with its old codec line and size. The codec line is per codec (ReviewFacts.swift).
//
// Self-contained: inline CSS and a few lines of inline script, no network; files are linked
// by relative paths (percent-encoded), so the folder can be opened from disk, served, or
// downloaded as a CI artefact. Every text is HTML-escaped. Opened as `index.html#check`, the
// page plays the first video muted and writes the outcome into its title ("played …" once
// the video's time has advanced, "failed …" on an error), and writes a `<pre id="check-report">`
// with one line per shown file (element, decoded size or "broken", checkerboard, codec line):
// the Chromium test reads both.
import Foundation
import Video

let reviewPageName = "index.html"

func writeReviewPage(session: BatchSession) throws(ExportError) {
    let html = reviewPage(session: session)
    let path = session.options.out + "/" + reviewPageName
    do { try TemporaryFiles.writeAtomically(Array(html.utf8), to: path) } catch { throw .runtime("\(path): \(error)") }
}

func reviewPage(session: BatchSession) -> String {
    let results = session.allResults
    let now = session.store.manifest
    var cards: [String] = []
    let order = session.plan.outputs.indices.sorted { session.plan.outputs[$0].name < session.plan.outputs[$1].name }
    for i in order {
        let o = session.plan.outputs[i]
        let status = results[i]?.status ?? .notStarted
        let preset = URL(fileURLWithPath: o.presetPath).lastPathComponent + (o.variant.map { " · variant \($0.label)" } ?? "")
        cards.append(reviewCard(name: o.name, preset: preset, status: status,
                                change: changeLabel(status: status, before: session.previous.outputs[o.name], after: now.outputs[o.name]),
                                entry: now.outputs[o.name], error: results[i]?.error, before: before(o.name, session: session)))
    }
    var extra = ""
    if !session.plan.broken.isEmpty {
        extra += "<h2>Presets that failed to load</h2><ul class=\"broken\">"
            + session.plan.broken.map { "<li>\(html($0.error.description))</li>" }.joined() + "</ul>"
    }
    let orphaned = orphans(in: now, planned: session.plan.knownNames, shard: session.options.shard)
    if !orphaned.isEmpty {
        extra += "<h2>In the manifest, made by no preset</h2><ul>" + orphaned.map { "<li>\(html($0))</li>" }.joined() + "</ul>"
    }
    let counts = Dictionary(grouping: results.compactMap { $0?.status }, by: { $0 }).mapValues(\.count)
    let summary = OutputStatus.allCasesInOrder.compactMap { s in counts[s].map { "\($0) \(s.rawValue)" } }.joined(separator: " · ")
    return """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>animexport review</title>
    <style>\(reviewStyle)</style></head>
    <body><header><h1>animexport review</h1><p>\(html(summary))\(session.options.shard.map { " · shard \($0)" } ?? "") · \(html(CLI.version))</p></header>
    <main>\(cards.joined(separator: "\n"))</main>
    \(extra)
    <script>\(reviewScript)</script>
    </body></html>

    """
}

/// The file a changed output replaced (kept in .previous/, PreviousOutputs.swift) and its old entry.
private func before(_ name: String, session: BatchSession) -> (file: String, entry: ManifestEntry)? {
    guard let old = session.previous.outputs[name], let now = session.store.manifest.outputs[name], old.sha256 != now.sha256,
          let file = previousOutput(name, out: session.options.out) else { return nil }
    return (file, old)
}

extension OutputStatus {
    static let allCasesInOrder: [OutputStatus] = [.rendered, .previews, .skipped, .failed, .interrupted, .notStarted]
}

func changeLabel(status: OutputStatus, before: ManifestEntry?, after: ManifestEntry?) -> String {
    switch status {
    case .failed, .interrupted, .notStarted: return status == .failed ? "failed" : status.rawValue
    case .previews: return "previews"
    case .rendered, .skipped:
        guard let before else { return "new" }
        return before.sha256 == after?.sha256 ? "unchanged" : "changed"
    }
}

private func reviewCard(name: String, preset: String, status: OutputStatus, change: String, entry: ManifestEntry?, error: ExportError?,
                        before: (file: String, entry: ManifestEntry)?) -> String {
    var media = "<div class=\"missing\">no file</div>"
    var facts: [String] = []
    var codecLine = ""
    if let e = entry {
        let now = mediaElement(file: recordedName(name), entry: e, role: "now", poster: e.previews?["poster"]?.name)
        if let before {
            let old = mediaElement(file: before.file, entry: before.entry, role: "before", poster: nil)
            media = "<div class=\"compare\"><figure>\(old)<figcaption>before · \(html(before.entry.codec.map(codecSummary) ?? "")) · \(html(byteCount(before.entry.bytes)))</figcaption></figure>"
                + "<figure>\(now)<figcaption>now</figcaption></figure></div>"
        } else {
            media = now
        }
        facts.append("\(e.width)×\(e.height)")
        if let d = e.duration { facts.append(String(format: "%.3f s", d)) }
        if let f = e.frames, let fps = e.fps { facts.append("\(f) frames at \(fps.hasSuffix("/1") ? String(fps.dropLast(2)) : fps) fps") }
        if let t = e.time { facts.append("PNG still at t = \(format(t)) s") }
        if let c = e.codec { codecLine = "<p class=\"codec\">\(html(codecSummary(c)))</p>" }
        facts.append(byteCount(e.bytes))
    }
    let sheet = entry?.previews?["sheet"].map {
        "<details><summary>contact sheet</summary><a href=\"\(html(relativeURL($0.name)))\"><img src=\"\(html(relativeURL($0.name)))\" alt=\"contact sheet of \(html(name))\" loading=\"lazy\"></a></details>"
    } ?? ""
    let problem = error.map { "<p class=\"error\">\(html($0.description))</p>" } ?? ""
    return """
    <section class="card \(change.replacingOccurrences(of: " ", with: "-"))"><div class="media">\(media)</div>
    <h2>\(html(name))</h2><p class="change">\(html(change))</p>
    <p class="facts">\(html(facts.joined(separator: " · ")))</p>\(codecLine)<p class="preset">\(html(preset)) · \(html(status.rawValue))</p>\(problem)\(sheet)</section>
    """
}

/// The element showing `file` (relative to --out): <video> for video containers, <img> for
/// animated images, PNG frames and stills; a checkerboard behind it where it can be transparent.
private func mediaElement(file: String, entry e: ManifestEntry, role: String, poster: String?) -> String {
    let element = reviewElement(name: file, kind: e.kind)
    let checker = e.kind == "image" || e.codec?.alpha == true ? " checker" : ""
    let common = "class=\"out\(checker)\" data-role=\"\(role)\" src=\"\(html(relativeURL(file)))\""
    switch element {
    case .video:
        let p = poster.map { " poster=\"\(html(relativeURL($0)))\"" } ?? ""
        return "<video \(common)\(p) controls muted loop playsinline preload=\"metadata\"></video>"
    case .img:
        return "<img \(common) alt=\"\(html(file))\">"
    }
}

/// A relative URL for a name relative to --out: each path component percent-encoded.
func relativeURL(_ name: String) -> String {
    var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
    allowed.insert(charactersIn: "-._~")
    return name.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }.joined(separator: "/")
}

/// Text escaped for HTML content and attribute values.
func html(_ text: String) -> String {
    var out = ""
    for c in visible(text).unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

private let reviewStyle = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;background:#15161a;color:#e8e8ea}
header{padding:16px 24px;border-bottom:1px solid #2c2d33}h1{font-size:20px;margin:0}header p{margin:4px 0 0;color:#a0a0a8}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:16px;padding:24px}
.card{background:#1f2026;border-radius:8px;padding:12px;border-left:4px solid #555}
.card.new{border-left-color:#34c759}.card.changed{border-left-color:#ff9500}.card.unchanged{border-left-color:#3a7bd5}
.card.failed,.card.interrupted,.card.not-started{border-left-color:#ff3b30}.card.previews{border-left-color:#af52de}
.media{display:flex;justify-content:center;background:#000;border-radius:4px}
.media video,.media img{display:block;max-width:100%;max-height:360px;min-height:120px;width:auto;height:auto}
.checker{background:repeating-conic-gradient(#c8c8c8 0 25%,#fff 0 50%) 0 0/16px 16px}
.compare{display:grid;grid-template-columns:1fr 1fr;gap:8px;width:100%}.compare figure{margin:0;display:flex;flex-direction:column;align-items:center}
figcaption{font-size:11px;color:#a0a0a8;padding:2px 4px}.codec{margin:2px 0;color:#d0d0d8;font-size:13px}
.missing{height:120px;display:flex;align-items:center;justify-content:center;background:#000;color:#888}
h2{font-size:15px;margin:8px 0 2px;word-break:break-all}.change{margin:0;font-weight:600;text-transform:uppercase;font-size:12px}
.facts,.preset{margin:2px 0;color:#b8b8c0}.error{color:#ff6b60}details img{width:100%}
ul{padding:0 24px 0 48px}h2+ul{margin-top:4px}body>h2{padding:0 24px}
"""

private let reviewScript = """
if (location.hash === '#check') {
  const v = document.querySelector('video');
  if (!v) { document.title = 'failed: no video'; } else {
    v.muted = true;
    v.addEventListener('timeupdate', () => { if (v.currentTime > 0) document.title = 'played ' + v.getAttribute('src'); });
    v.addEventListener('error', () => { document.title = 'failed: ' + (v.error ? v.error.code : '?'); });
    v.play().catch(e => { document.title = 'failed: ' + e.name; });
  }
  // One line per shown file: name, role, element, whether it decoded (with its size), whether a
  // checkerboard is behind it, and the card's codec line.
  const report = () => {
    const lines = [];
    for (const card of document.querySelectorAll('section.card')) {
      const name = card.querySelector('h2').textContent, codec = card.querySelector('.codec');
      for (const m of card.querySelectorAll('.out')) {
        const ok = m.tagName === 'IMG' ? (m.complete && m.naturalWidth > 0 ? m.naturalWidth + 'x' + m.naturalHeight : 'broken')
                                       : (m.readyState >= 1 && m.videoWidth > 0 ? m.videoWidth + 'x' + m.videoHeight : (m.error ? 'broken' : 'loading'));
        const checker = getComputedStyle(m).backgroundImage.includes('conic-gradient') ? 'checker' : 'plain';
        lines.push([name, m.dataset.role, m.tagName.toLowerCase(), ok, checker, codec ? codec.textContent : ''].join(' | '));
      }
    }
    let pre = document.getElementById('check-report');
    if (!pre) { pre = document.createElement('pre'); pre.id = 'check-report'; document.body.appendChild(pre); }
    pre.textContent = lines.join('\\n');
  };
  window.addEventListener('load', report);
  for (const m of document.querySelectorAll('.out')) for (const e of ['load', 'loadedmetadata', 'error']) m.addEventListener(e, report);
}
"""
