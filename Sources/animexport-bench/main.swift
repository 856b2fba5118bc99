// animexport-bench — `make bench`: render, stage, conversion and end-to-end timings (issue 6).
//
//   animexport-bench [--quick] [--json PATH] [--rounds N] [--no-encode] [--only SCENE,…]
//   animexport-bench --check-lottie-allocs FOLDER[,FOLDER…] [--trace-allocs]   (LottieAllocationCheck.swift)
//
// Method. Times are CLOCK_MONOTONIC wall times of one call, in ms. Render figures: one thread,
// `scene.draw(at:into:)` + `Renderer.render` (clear + draw) per frame, frames i = 0, 1, …
// at the preset's fps, after a warm-up of 30 frames; each round draws `frames` frames and
// every frame is one sample, so "samples" = rounds × frames. Medians, minima and maxima are
// over all samples. End-to-end runs are one sample per run (wall time of the whole export).
// Heap allocations are counted by interposing malloc & co (Sources/CAllocCounter, no
// LD_PRELOAD) over a whole round of steady-state frames, divided by the frame count.
// Peak RSS is the VmHWM of a child `animexport` process (see childExport), so the frames this
// process keeps for the encode-only runs do not count. Like the CLI, this process runs without
// transparent huge pages (Video/HugePages.swift), so in-process encodes match the CLI's.
import Geometry
import Foundation
import Raster
import Render
import Scenes
import Video
import AnimExport
import CFFmpeg
import CAllocCounter
import CCPUCheck

// MARK: - options

struct Options {
    var quick = false
    var json = "bench/results.json"
    var rounds: Int?
    var encode = true
    /// Only the render cases whose label contains one of these (e.g. "heart"); nil = all sections.
    var only: [String]? = nil
    /// Print a backtrace of every allocation of one steady-state frame per render case (stderr).
    var traceAllocations = false
    /// Only check that the display-list rows allocate nothing in steady state (AllocationCheck.swift).
    var checkAllocations = false
    /// Folders of Lottie files whose shape-only files must not allocate per frame (LottieAllocationCheck.swift).
    var checkLottieAllocations: [String]? = nil
}

HugePages.disableForProcess()
animexport_cpu_check("animexport-bench")
var options = Options()
do {
    var args = CommandLine.arguments.dropFirst()
    while let a = args.popFirst() {
        switch a {
        case "--quick": options.quick = true
        case "--json": guard let p = args.popFirst() else { fatalError("--json needs a PATH") }; options.json = p
        case "--rounds": guard let n = args.popFirst().flatMap({ Int($0) }), n > 0 else { fatalError("--rounds needs N > 0") }; options.rounds = n
        case "--no-encode": options.encode = false
        case "--trace-allocs": options.traceAllocations = true
        case "--check-allocations": options.checkAllocations = true
        case "--check-lottie-allocs":
            guard let l = args.popFirst() else { fatalError("--check-lottie-allocs needs FOLDER[,FOLDER…]") }
            options.checkLottieAllocations = l.split(separator: ",").map(String.init)
        case "--only": guard let l = args.popFirst() else { fatalError("--only needs NAMES") }; options.only = l.split(separator: ",").map(String.init)
        case "-h", "--help":
            print("usage: animexport-bench [--quick] [--json PATH] [--rounds N] [--no-encode] [--only SCENE,…]")
            print("  --only: just the render cases of those scenes (for profiling), no other section")
            print("  --check-allocations: fail unless every display-list row allocates nothing per frame (no timing)")
            print("       animexport-bench --check-lottie-allocs FOLDER[,FOLDER…] [--trace-allocs]")
            print("  --check-lottie-allocs: fails when a shape-only Lottie file there allocates in steady-state frames")
            exit(0)
        default: fputs("animexport-bench: unknown argument \(a)\n", stderr); exit(2)
        }
    }
}
if let folders = options.checkLottieAllocations {
    guard alloc_counter_active() != 0 else { print("check-lottie-allocs: the allocation counter is not active"); exit(1) }
    exit(checkLottieAllocations(folders: folders, trace: options.traceAllocations))
}
let rounds = options.rounds ?? (options.quick ? 1 : 5)
let renderFrames = options.quick ? 30 : 150          // per round; full: 5 × 150 = 750 ≥ 120 samples
let warmUp = options.quick ? 5 : 30
let e2eFrames = options.quick ? 60 : 600
let e2eRounds = options.quick ? 1 : 5
let e2ePresets = options.quick ? ["ultrafast"] : ["ultrafast", "veryfast", "medium"]

// MARK: - measurement records

struct Record {
    var name: String
    var unit: String
    var samples: [Double]
    var peer: Double? = nil
    var sorted: [Double] { samples.sorted() }
    var median: Double {
        let s = sorted
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
}

var records: [Record] = []

@inline(never)
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func ms(_ start: UInt64, _ end: UInt64) -> Double { Double(end - start) / 1e6 }

/// `rounds` rounds of `frames` calls of `draw`: each call's time (ms) and each round's heap
/// allocations per call. The samples array is reserved first, so the count is the calls' own.
func timedRounds(_ rounds: Int, frames: Int, _ draw: () -> Void) -> (samples: [Double], allocations: [Double]) {
    var samples: [Double] = []
    samples.reserveCapacity(rounds * frames)
    var allocations: [Double] = []
    for _ in 0..<rounds {
        let a0 = alloc_counter_count()
        for _ in 0..<frames {
            let t0 = nowNanoseconds()
            draw()
            samples.append(ms(t0, nowNanoseconds()))
        }
        allocations.append(Double(alloc_counter_count() - a0) / Double(frames))
    }
    return (samples, allocations)
}

func fmt(_ v: Double, _ digits: Int = 3) -> String { v.isFinite ? String(format: "%.\(digits)f", v) : "—" }

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }

func printHeader() {
    print(pad("measurement", 52) + pad("unit", 7) + lpad("median", 10) + lpad("min", 10) + lpad("max", 10) + lpad("n", 6)
          + lpad("peer", 9) + lpad("ratio", 8))
    print(String(repeating: "-", count: 112))
}

func add(_ r: Record) {
    records.append(r)
    let peer = r.peer.map { fmt($0) } ?? ""
    let ratio = r.peer.map { fmt(r.median / $0, 2) + "×" } ?? ""
    let digits = r.unit == "ms" || r.unit == "ratio" ? 3 : (r.unit == "s" ? 2 : 1)
    print(pad(r.name, 52) + pad(r.unit, 7) + lpad(fmt(r.median, digits), 10) + lpad(fmt(r.min, digits), 10)
          + lpad(fmt(r.max, digits), 10) + lpad("\(r.samples.count)", 6) + lpad(peer, 9) + lpad(ratio, 8))
    fflush(stdout)
}

func section(_ title: String) {
    print("\n## \(title)")
    printHeader()
}

func job(_ args: [String]) -> ExportPlan {
    do { return try BenchmarkSupport.job(args) } catch {
        fputs("animexport-bench: \(args.joined(separator: " ")): \(error)\n", stderr)
        exit(1)
    }
}

// MARK: - machine

func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
    let model = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown"
    let flags = text.split(separator: "\n").first { $0.hasPrefix("flags") }.map { String($0) } ?? ""
    let isa = ["avx2", "fma", "avx512f", "avx512bw"].filter { flags.contains(" \($0)") }.joined(separator: ",")
    return "\(model) [\(isa)]"
}

func commandOutput(_ path: String, _ args: [String]) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    guard (try? p.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

func compilerVersion() -> String {
    for candidate in ["/usr/bin/swift", "/usr/local/bin/swift"] + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").map({ "\($0)/swift" }) where FileManager.default.isExecutableFile(atPath: candidate) {
        if let out = commandOutput(candidate, ["--version"]), let line = out.split(separator: "\n").first(where: { $0.contains("Swift version") }) {
            return String(line)
        }
    }
    return "unknown"
}

func gitRevision() -> String {
    commandOutput("/usr/bin/git", ["rev-parse", "--short", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
}

if options.checkAllocations { exit(checkSteadyStateAllocations()) }   // AllocationCheck.swift

let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
print("# animexport-bench \(options.quick ? "(quick)" : "(full)") — commit \(gitRevision()), \(Date())")
print("machine:  \(cpuModel()), \(cores) cores online, load \(loadAverage())")
print("compiler: \(compilerVersion())")
print("flags:    \(Rasterizer.buildConfiguration)")
print("alloc counter: \(alloc_counter_active() != 0 ? "malloc/calloc/realloc/memalign interposed (CAllocCounter)" : "INACTIVE")")
print("method:   one thread, CLOCK_MONOTONIC per frame; median/min/max over rounds × frames after \(warmUp) warm-up frames")

func loadAverage() -> String {
    var l = [Double](repeating: 0, count: 3)
    return getloadavg(&l, 3) == 3 ? l.map { fmt($0, 2) }.joined(separator: " ") : "?"
}

// MARK: - render per scene

/// Blend2D 0.21.2 (JIT, AVX-512) on this machine kind, clear + draw, one thread (issue 6).
let peers: [String: Double] = [
    "heart@1920x1080": 0.273, "pulse red@1920x1080": 0.190, "dots@1920x1080": 0.137,
    "heart@512x512": 0.073, "pulse red@512x512": 0.048, "dots@512x512": 0.028,
]
// The issue gives one pulse figure per size; pulse blue (two discs) is compared with it too.
let peerAliases = ["pulse blue": "pulse red"]  // (labels after a comma are variants of the scene)

struct SceneCase { var label: String; var args: [String]; var reusesCoverage = true }
let sceneCases = [
    SceneCase(label: "heart", args: ["heart"]),
    // The label's coverage is recorded once and replayed (CoverageRecording.swift); this row
    // rasterizes every fill every frame, as the peer figures do.
    SceneCase(label: "heart, every fill rasterized", args: ["heart"], reusesCoverage: false),
    SceneCase(label: "pulse red", args: ["pulse", "--preset", "red"]),
    SceneCase(label: "pulse blue", args: ["pulse", "--preset", "blue"]),
    SceneCase(label: "dots", args: ["dots"]),
]
let sizes = [(1920, 1080), (512, 512)]

// `--only formats`: just the pixel-format, codec and GIF rows (Formats.swift).
if options.only == ["formats"] { runFormatBench(); writeJSON(options.json); exit(0) }

section("render per frame: scene.draw(at:into:) + clear + draw, one thread")
var allocationRecords: [Record] = []
for (w, h) in sizes {
    for c in sceneCases where options.only.map({ $0.contains { c.label.contains($0) } }) ?? true {
        let j = job(c.args + ["--size", "\(w)x\(h)", "/tmp/animexport-bench.mp4"])
        let canvas = Canvas(width: j.width, height: j.height)
        let renderer = Renderer()
        if !c.reusesCoverage { renderer.shortcuts.remove(.recordedCoverage) }
        let period = max(1, j.frameCount)
        var frame = 0
        var list = DisplayList()
        func draw() {
            list.reset()
            j.source.draw(at: j.time(ofFrame: frame % period), into: &list)
            renderer.render(list, background: j.background, transform: j.transform, on: canvas)
            frame += 1
        }
        for _ in 0..<warmUp { draw() }
        if options.traceAllocations {
            fputs("=== allocations of one frame: \(c.label) \(w)x\(h)\n", stderr)
            alloc_counter_trace(1)
            draw()
            alloc_counter_trace(0)
        }
        let (samples, allocations) = timedRounds(rounds, frames: renderFrames, draw)
        let key = "\(c.label)@\(w)x\(h)"
        let peerKey = "\(peerAliases[c.label] ?? String(c.label.prefix { $0 != "," }))@\(w)x\(h)"
        add(Record(name: "render \(key)", unit: "ms", samples: samples, peer: peers[peerKey]))
        allocationRecords.append(Record(name: "allocations/frame \(key)", unit: "count", samples: allocations))
    }
}

runDisplayListBench()   // DisplayListBench.swift (--only list, --only "list clip" …)
runRendererEffectsBench()   // RendererEffectsBench.swift (--only effects)
runFilterBench()   // FilterBench.swift (--only filters)
compositingBench()  // CompositingBench.swift
if options.only.map({ $0.contains("lottie") }) ?? true { runLottieBench(rounds: rounds, quick: options.quick) }
if options.only.map({ $0.contains("lottie") }) ?? true { runLottieThorVGBench(rounds: rounds, quick: options.quick) }   // LottieThorVGBench.swift (peer column of the next)
if options.only.map({ $0.contains("lottie") }) ?? true { runLottieRenderBench(rounds: rounds, quick: options.quick) }   // LottieRenderBench.swift
if options.only.map({ $0.contains("lottie") }) ?? true { runLottieCompositingBench(rounds: rounds, quick: options.quick) }   // LottieCompositingBench.swift
if options.only.map({ $0.contains("lottie") }) ?? true { runLottieExpressionBench(rounds: rounds, quick: options.quick) }   // LottieExpressionBench.swift
if options.only != nil { writeJSON(options.json); exit(0) }

section("heap allocations per frame, steady state (reset + draw(at:into:) + render)")
for r in allocationRecords { add(r) }

// MARK: - heart stages

section("heart stages at 1920×1080 (per frame)")
do {
    let j = job(["heart", "--size", "1920x1080", "/tmp/animexport-bench.mp4"])
    let canvas = Canvas(width: j.width, height: j.height)
    let rasterizer = Rasterizer()
    var build: [Double] = [], clear: [Double] = [], label: [Double] = [], geometry: [Double] = []
    var cover: [Double] = [], fill: [Double] = [], composite: [Double] = [], labelCover: [Double] = []
    var sink = 0
    let period = max(1, j.frameCount)
    let total = warmUp + rounds * renderFrames
    var list = DisplayList()
    for i in 0..<total {
        let t0 = nowNanoseconds()
        list.reset()
        j.source.draw(at: j.time(ofFrame: i % period), into: &list)
        let t1 = nowNanoseconds()
        // The heart's list: label fill, then a hue-rotated group holding the conic-painted stroke.
        var filter: ColorFilter?
        var stages: [(path: Path, rule: FillRule, style: StrokeStyle?, paint: NodePaint)] = []
        for node in list.nodes {
            switch node {
            case .fill(let p, let rule, let paint): stages.append((list.path(p), rule, nil, paint))
            case .stroke(let p, let style, let paint): stages.append((list.path(p), .nonZero, style, paint))
            case .beginGroup(let group, _): filter = group.filter
            default: break
            }
        }
        // The renderer defers its clear row by row into the next writes (Canvas.clearDamage); here
        // it is written at once, so this stage times the whole clear and the fills below only themselves.
        canvas.clearDamage(to: j.background, deferred: false)
        let t2 = nowNanoseconds()
        var tl: (UInt64, UInt64) = (0, 0), tlc: (UInt64, UInt64) = (0, 0), tg: (UInt64, UInt64) = (0, 0), tc: (UInt64, UInt64) = (0, 0), tf: (UInt64, UInt64) = (0, 0)
        for stage in stages {
            switch (stage.style, stage.paint) {
            case (nil, .solid(let color, let opacity)):
                let path = stage.path, rule = stage.rule
                let a0 = nowNanoseconds()
                sink &+= rasterizer.coverageOnly(path, transform: j.transform, rule: rule, width: j.width, height: j.height)
                let a = nowNanoseconds()
                rasterizer.fill(path, transform: j.transform, rule: rule, paint: SolidPaint(color: color, opacity: opacity), on: canvas)
                tl = (a, nowNanoseconds())
                tlc = (a0, a)
            case (let style?, .conic(let conic)):
                let path = stage.path
                let gradient = try! Gradient(stops: list.stops(conic.stops).colors.map { GradientStop(location: $0.location, color: $0.color) })
                let a = nowNanoseconds()
                let outline = (try? rasterizer.strokeOutline(path, style: style, transform: j.transform)) ?? Path()
                let b = nowNanoseconds()
                sink &+= rasterizer.coverageOnly(outline, transform: j.transform, rule: .nonZero, width: j.width, height: j.height)
                let c = nowNanoseconds()
                rasterizer.fill(outline, transform: j.transform, rule: .nonZero,
                                paint: ConicGradientPaint(gradient: gradient, center: conic.center, startAngle: conic.startAngle,
                                                          opacity: conic.opacity, filter: filter), on: canvas)
                let d = nowNanoseconds()
                tg = (a, b); tc = (b, c); tf = (c, d)
            default:
                fatalError("heart drawing changed shape; update the stage benchmark")
            }
        }
        guard i >= warmUp else { continue }
        build.append(ms(t0, t1)); clear.append(ms(t1, t2)); label.append(ms(tl.0, tl.1)); labelCover.append(ms(tlc.0, tlc.1))
        geometry.append(ms(tg.0, tg.1)); cover.append(ms(tc.0, tc.1)); fill.append(ms(tf.0, tf.1))
        composite.append(ms(tf.0, tf.1) - ms(tc.0, tc.1))
    }
    add(Record(name: "heart draw(at:into:) (scene → display list)", unit: "ms", samples: build))
    add(Record(name: "heart clear (rows drawn in the previous frame)", unit: "ms", samples: clear))
    add(Record(name: "heart label fill (solid, glyphs)", unit: "ms", samples: label))
    add(Record(name: "heart label coverage only (edges+cells+accum)", unit: "ms", samples: labelCover))
    add(Record(name: "heart stroke geometry (flatten+dash+stroke)", unit: "ms", samples: geometry))
    add(Record(name: "heart stroke coverage (edges+cells+accum)", unit: "ms", samples: cover))
    add(Record(name: "heart stroke fill (coverage+paint+composite)", unit: "ms", samples: fill))
    add(Record(name: "heart stroke paint+composite (fill−coverage)", unit: "ms", samples: composite))
    if sink == 42 { print("") }
}

// MARK: - colour conversion

/// `count` distinct heart frames at 1920×1080, as RGBA bytes.
func heartFrames(_ count: Int, stride: Int = 1) -> (ExportPlan, [[UInt8]]) {
    let j = job(["heart", "--size", "1920x1080", "/tmp/animexport-bench.mp4"])
    return (j, renderedFrames(j, count, stride: stride))
}

section("RGBA → yuv420p at 1920×1080, one thread, same frames, interleaved")
do {
    let (j, frames) = heartFrames(8, stride: 19)
    let w = Int32(j.width), h = Int32(j.height)
    guard let sws = sws_getContext(w, h, AV_PIX_FMT_RGBA, w, h, AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil),
          cff_sws_set_matrix(sws, SWS_CS_ITU709, 1, 0) >= 0,
          let frame = av_frame_alloc() else { fatalError("swscale set-up failed") }
    frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    frame.pointee.width = w
    frame.pointee.height = h
    guard av_frame_get_buffer(frame, 0) >= 0 else { fatalError("av_frame_get_buffer failed") }
    let converter: RGBAToYUV420
    do { converter = try RGBAToYUV420(width: j.width, height: j.height) } catch { fatalError("\(error)") }
    var ours = YUV420Frame(width: j.width, height: j.height)
    var swscaleSamples: [Double] = [], fastest: [Double] = [], portable: [Double] = []
    var worst = 0, compared = 0
    let n = options.quick ? 16 : 40
    for round in -1..<rounds {
        for k in 0..<n {
            let rgba = frames[k % frames.count]
            let t0 = nowNanoseconds()
            rgba.withUnsafeBufferPointer { p in _ = cff_sws_rgba_to_frame(sws, p.baseAddress, w * 4, h, frame) }
            let t1 = nowNanoseconds()
            rgba.withUnsafeBytes { b in try! converter.convert(rgba: b, bytesPerRow: j.width * 4, into: &ours) }
            let t2 = nowNanoseconds()
            rgba.withUnsafeBytes { b in try! converter.convert(rgba: b, bytesPerRow: j.width * 4, into: &ours, using: .simd) }
            let t3 = nowNanoseconds()
            rgba.withUnsafeBytes { b in try! converter.convert(rgba: b, bytesPerRow: j.width * 4, into: &ours) }
            guard round >= 0 else { continue }
            swscaleSamples.append(ms(t0, t1)); fastest.append(ms(t1, t2)); portable.append(ms(t2, t3))
            if k < frames.count && round == 0 {
                // Every Y, U, V sample against swscale's.
                for (plane, samples, pw, ph) in [(0, ours.y, j.width, j.height), (1, ours.u, j.width / 2, j.height / 2),
                                                 (2, ours.v, j.width / 2, j.height / 2)] {
                    let data = frame.pointee.data, lines = frame.pointee.linesize
                    let base = [data.0!, data.1!, data.2!][plane]
                    let stride = Int([lines.0, lines.1, lines.2][plane])
                    for yy in 0..<ph {
                        for xx in 0..<pw {
                            worst = max(worst, abs(Int(samples[yy * pw + xx]) - Int(base[yy * stride + xx])))
                        }
                    }
                    compared += pw * ph
                }
            }
        }
    }
    let sw = Record(name: "convert libswscale (bilinear, BT.709 limited)", unit: "ms", samples: swscaleSamples, peer: 5.6)
    add(sw)
    add(Record(name: "convert ours RGBAToYUV420 .\(RGBAToYUV420.Implementation.fastest.rawValue) (vs swscale)", unit: "ms",
               samples: fastest, peer: sw.median))
    add(Record(name: "convert ours RGBAToYUV420 .simd (portable) (vs swscale)", unit: "ms", samples: portable, peer: sw.median))
    add(Record(name: "convert max |ours − swscale| over \(compared) samples", unit: "levels", samples: [Double(worst)]))
    // What the exporter's render thread does per frame: frame i goes into the encoder frame that
    // holds frame i − 3 (pipeline depth 3), and only what the canvas drew in either frame is
    // converted: per row, the union of both frames' drawn columns (runs of rows, their boxes);
    // beside it the common box of both frames, converted whole.
    do {
        let canvas = Canvas(width: j.width, height: j.height)
        let renderer = Renderer()
        let pictures = (0..<3).map { _ in try! EncoderFrame(width: j.width, height: j.height) }
        var areas: [DrawnArea?] = [nil, nil, nil]
        var rowColumns = [[Range<Int>]](repeating: [Range<Int>](repeating: 0..<0, count: j.height), count: 3)
        var rowSamples: [Double] = [], boxSamples: [Double] = [], rowShare: [Double] = [], boxShare: [Double] = []
        let count = options.quick ? 30 : 150
        let frameArea = Double(j.width * j.height)
        for round in -1..<rounds {
            for i in 0..<count {
                renderer.render(j.source.displayList(at: j.time(ofFrame: i)), background: j.background, transform: j.transform, on: canvas)
                let area = canvas.drawnArea!, slot = i % 3
                let box = areas[slot].map { area.boxUnion($0) } ?? (rows: 0..<j.height, columns: 0..<j.width)
                func changed(_ y: Int) -> Range<Int> {
                    guard areas[slot] != nil else { return 0..<j.width }
                    let now = canvas.drawnColumns(ofRow: y), then = rowColumns[slot][y]
                    if now.isEmpty { return then }
                    if then.isEmpty { return now }
                    return min(now.lowerBound, then.lowerBound)..<max(now.upperBound, then.upperBound)
                }
                let t0 = nowNanoseconds()
                canvas.withUnsafeBytes { b in
                    try! converter.update(pictures[slot], from: b, bytesPerRow: canvas.bytesPerRow, rows: box.rows,
                                          changedColumns: changed)
                }
                let t1 = nowNanoseconds()
                canvas.withUnsafeBytes { b in
                    try! converter.update(pictures[slot], from: b, bytesPerRow: canvas.bytesPerRow,
                                          changedRows: box.rows, changedColumns: box.columns)
                }
                let t2 = nowNanoseconds()
                let changedPixels = box.rows.reduce(0) { $0 + changed($1).count }
                for y in 0..<j.height { rowColumns[slot][y] = canvas.drawnColumns(ofRow: y) }
                areas[slot] = area
                guard round >= 0, i >= 3 else { continue }
                rowSamples.append(ms(t0, t1))
                boxSamples.append(ms(t1, t2))
                rowShare.append(Double(changedPixels) / frameArea * 100)
                boxShare.append(Double(box.rows.count * box.columns.count) / frameArea * 100)
            }
        }
        add(Record(name: "convert ours, changed rows only (heart, i−3 → i)", unit: "ms", samples: rowSamples, peer: sw.median))
        add(Record(name: "convert ours, changed box only (heart, i−3 → i)", unit: "ms", samples: boxSamples, peer: sw.median))
        add(Record(name: "changed row spans, share of the frame", unit: "%", samples: rowShare))
        add(Record(name: "changed box, share of the frame", unit: "%", samples: boxShare))
    }
    print("(peer column: swscale row = the issue's 5.6 ms; our rows = libswscale's median in this run)")
    var f: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&f)
    sws_freeContext(sws)
}

// MARK: - end to end

/// Runs the release `animexport` beside this executable as a child and returns (wall s, peak RSS MB).
/// Peak RSS is the child's VmHWM from /proc/PID/status, polled every 10 ms until it exits
/// (ru_maxrss from wait4 is not usable: Linux carries the parent's high-water mark over the
/// spawn's exec). VmHWM is a high-water mark, so only growth in the last 10 ms could be missed.
func childExport(_ args: [String]) -> (Double, Double)? {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let binary = me.deletingLastPathComponent().appendingPathComponent("animexport").path
    guard FileManager.default.isExecutableFile(atPath: binary) else { return nil }
    var pid: pid_t = 0
    let argv = ([binary] + args).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let t0 = nowNanoseconds()
    guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var peakKB = 0.0
    while true {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kb = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
            peakKB = max(peakKB, kb)
        }
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid { break }
        if r < 0 { return nil }
        usleep(10_000)
    }
    guard status == 0 else { return nil }
    return (ms(t0, nowNanoseconds()) / 1000, peakKB / 1024)
}

if options.encode {
    let out = "/tmp/animexport-bench-\(getpid()).mp4"
    defer { unlink(out) }
    section("peak RSS of a child `animexport heart --size 1920x1080` (ultrafast)")
    var rssCases = [(e2eFrames, "\(e2eFrames) frames")]
    if !options.quick { rssCases = [(600, "10 s"), (3600, "60 s")] }
    for (frames, label) in rssCases {
        if let (wall, rss) = childExport(["heart", "--size", "1920x1080", "--fps", "60", "--frames", "\(frames)",
                                           "--x264-preset", "ultrafast", "-y", out]) {
            add(Record(name: "peak RSS, \(label) clip", unit: "MB", samples: [rss]))
            add(Record(name: "wall, \(label) clip (child process)", unit: "s", samples: [wall]))
        } else {
            print("(no release animexport beside this executable: peak RSS skipped)")
        }
    }

    section("end to end: heart 1920×1080, 60 fps, \(e2eFrames) frames, as the CLI sets x264 threads (wall, s)")

    // 150 frames = one 2.5 s loop at 60 fps: the encode-only runs cycle through them, which is
    // exactly the clip the end-to-end run renders, converted beforehand into encoder frames, which
    // the writer sends without a copy (the cheapest way to feed x264: the limit on this machine).
    let loopFrames: [EncoderFrame] = {
        let (loopJob, loopRGBA) = heartFrames(options.quick ? e2eFrames : 150)
        let converter = try! RGBAToYUV420(width: loopJob.width, height: loopJob.height)
        return loopRGBA.map { rgba in
            let f = try! EncoderFrame(width: loopJob.width, height: loopJob.height)
            rgba.withUnsafeBytes { try! converter.convert(rgba: $0, bytesPerRow: loopJob.width * 4, into: f) }
            return f
        }
    }()
    for preset in e2ePresets {
        let j = job(["heart", "--size", "1920x1080", "--fps", "60", "--frames", "\(e2eFrames)",
                     "--x264-preset", preset, "-y", out])
        var endToEnd: [Double] = [], serial: [Double] = [], encodeOnly: [Double] = []
        // Heap allocations per frame after the first `steadyFrom` frames (all threads: ours,
        // libav*'s and x264's malloc calls), in the export and in the encode-only run.
        let steadyFrom = min(60, e2eFrames / 2)
        var exportAllocations: [Double] = [], encodeAllocations: [Double] = []
        func allocationCounter() -> (Int) -> Void {
            var start: UInt64 = 0
            return { done in
                if done == steadyFrom { start = alloc_counter_count() }
                if done == e2eFrames {
                    exportAllocations.append(Double(alloc_counter_count() - start) / Double(e2eFrames - steadyFrom))
                }
            }
        }
        for _ in 0..<e2eRounds {
            let t0 = nowNanoseconds()
            do { _ = try BenchmarkSupport.export(j, pipelined: true, onFrame: allocationCounter()) } catch { fatalError("export: \(error)") }
            endToEnd.append(ms(t0, nowNanoseconds()) / 1000)
            let ts = nowNanoseconds()
            do { _ = try BenchmarkSupport.export(j, pipelined: false) } catch { fatalError("export: \(error)") }
            serial.append(ms(ts, nowNanoseconds()) / 1000)
            let t1 = nowNanoseconds()
            do {
                let writer = try MP4Writer(destination: out, settings: BenchmarkSupport.settings(of: j))
                var start: UInt64 = 0
                for i in 0..<e2eFrames {
                    if i == steadyFrom { start = alloc_counter_count() }
                    try writer.append(loopFrames[i % loopFrames.count])
                }
                encodeAllocations.append(Double(alloc_counter_count() - start) / Double(e2eFrames - steadyFrom))
                try writer.finish()
            } catch { fatalError("encode-only: \(error)") }
            encodeOnly.append(ms(t1, nowNanoseconds()) / 1000)
        }
        let e = Record(name: "e2e \(preset) pipelined (render+convert ∥ encode)", unit: "s", samples: endToEnd)
        let sr = Record(name: "e2e \(preset) one thread (render, convert, encode)", unit: "s", samples: serial)
        let o = Record(name: "encode-only \(preset) (x264 of preconverted frames)", unit: "s", samples: encodeOnly)
        add(e)
        add(sr)
        add(o)
        add(Record(name: "e2e/encode-only \(preset) (medians)", unit: "ratio", samples: [e.median / o.median]))
        add(Record(name: "e2e/encode-only \(preset) (minima)", unit: "ratio", samples: [e.min / o.min]))
        add(Record(name: "allocations/frame e2e \(preset) pipelined (all threads)", unit: "count", samples: exportAllocations))
        add(Record(name: "allocations/frame encode-only \(preset) (libav*, x264)", unit: "count", samples: encodeAllocations))
    }
}

benchText(rounds: rounds)
benchGeometryOps(rounds: rounds)
runFormatBench()  // Formats.swift: pixel formats, codecs, GIF beside ffmpeg

var selfUsage = rusage()
getrusage(RUSAGE_SELF.rawValue, &selfUsage)
print("\npeak RSS of this benchmark process: \(fmt(Double(selfUsage.ru_maxrss) / 1024, 1)) MB (holds prerendered frames)")

if options.encode { section("batch throughput (BatchThroughput.swift)"); benchBatchThroughput(rounds: options.quick ? 1 : 5) }

// MARK: - JSON

func writeJSON(_ path: String) {
    func number(_ v: Double) -> Any { v.isFinite ? v : NSNull() }
    let list: [[String: Any]] = records.map { r in
        var d: [String: Any] = ["name": r.name, "unit": r.unit, "median": number(r.median), "min": number(r.min),
                                "max": number(r.max), "samples": r.samples.count]
        if let p = r.peer { d["peer"] = p; d["ratio"] = number(r.median / p) }
        return d
    }
    let root: [String: Any] = [
        "machine": cpuModel(), "cores": cores, "compiler": compilerVersion(), "flags": Rasterizer.buildConfiguration,
        "commit": gitRevision(), "quick": options.quick, "date": ISO8601DateFormatter().string(from: Date()),
        "records": list,
    ]
    do {
        let data = try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys])
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        print("wrote \(path) (\(records.count) records)")
    } catch {
        fputs("animexport-bench: cannot write \(path): \(error)\n", stderr)
        exit(1)
    }
}
writeJSON(options.json)
