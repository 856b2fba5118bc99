// `animexport-bench --check-lottie-allocs FOLDER[,FOLDER…]`: steady-state frames of shape-only
// Lottie files allocate nothing (issue 13). Run by `make test`.
//
// Every `*.json` file directly in each folder is decoded; a file is shape-only when every
// feature it uses (its FeatureInventory) is in `shapeOnlyFeatures`: shape, solid, null and
// precomposition layers, keyframes of any kind, every shape item but merge paths, gradients and
// dashes included — no masks, mattes, merges, effects, blend modes, text, images, expressions or
// 3D. The others are listed as skipped with the first feature that excludes them. Each
// shape-only file is built (LottieBuilder.build) and rendered (Renderer.render, the file fitted
// into `box` × `box`, transparent background), one thread: a warm-up pass over 16 frames
// t_i = duration·i/16, then 16 frames between them, t = duration·(i + ½)/16, counted with
// CAllocCounter (every malloc, calloc, realloc and memalign of the process). A counted frame
// that allocates is drawn twice more at once: a file fails when the third drawing allocates (an
// allocation per frame), or when its buffers grew on more than `maxGrowths` of the counted frames
// (growth to a frame larger than any before is how reused buffers reach their size) and a second
// loop over the counted frames still allocates; the exit status is 1 then, and also when no file
// was checked (a check that checks nothing would always pass). With --trace-allocs a failing
// file's first frame still allocating when drawn a third time (or, when it only grew, a time not
// drawn yet) is drawn again with a backtrace per allocation.
//
// Known allocations (`knownAllocating`, by file name) are reported as such and do not fail the
// check; each names its cause. Remove an entry when its cause is fixed (the check says so).
import Foundation
import Geometry
import Lottie
import Raster
import Render
import CAllocCounter

let shapeOnlyFeatures: Set<LottieFeature> = [
    .shapeLayers, .solidLayers, .nullLayers, .precompositions, .nestedPrecompositions, .parenting, .hiddenLayers,
    .autoOrient, .timeStretch, .timeRemap, .markers, .slots, .collapsedTransformations,
    .animatedProperties, .holdKeyframes, .spatialTangents, .splitPosition, .skew,
    .groups, .paths, .rectangles, .ellipses, .stars, .polygons, .fills, .evenOddFills, .strokes, .dashedStrokes,
    .linearGradients, .radialGradients, .gradientStrokes, .trimPaths, .sequentialTrimPaths, .repeaters, .roundedCorners,
]

/// Counted frames on which a file's buffers may still grow (a frame larger than any before: drawn
/// again at once it allocates nothing). More than this is not a steady state and fails.
let maxGrowths = 4

/// Files known to allocate per frame, and why (see the file header): none now.
let knownAllocating: [String: String] = [:]

/// One file's drawing: the builder, renderer, canvas and list it keeps between frames.
private final class AllocationProbe {
    let builder: LottieBuilder
    let renderer = Renderer()
    let canvas: Canvas
    let transform: Transform
    var list = DisplayList()

    init(_ animation: LottieAnimation, box: Int) {
        builder = LottieBuilder(animation)
        let k = min(Double(box) / animation.width, Double(box) / animation.height)
        let width = max(1, Int((animation.width * k).rounded())), height = max(1, Int((animation.height * k).rounded()))
        canvas = Canvas(width: width, height: height)
        transform = .scale(k, k)
    }

    func draw(atSeconds t: Double) {
        list.reset()
        builder.build(atSeconds: t, into: &list)
        renderer.render(list, background: .clear, transform: transform, on: canvas)
    }
}

/// The first feature of `animation` outside `shapeOnlyFeatures`, nil for a shape-only file.
func firstNonShapeFeature(_ animation: LottieAnimation) -> LottieFeature? {
    animation.features.used.first { !shapeOnlyFeatures.contains($0.feature) }?.feature
}

/// Runs the check (see the file header); returns the exit status.
func checkLottieAllocations(folders: [String], box: Int = 512, frames: Int = 16, trace: Bool) -> Int32 {
    var checked = 0, failed: [String] = [], skipped: [String] = []
    for folder in folders {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            print("check-lottie-allocs: cannot list \(folder)")
            return 1
        }
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = folder + "/" + name
            let animation: LottieAnimation
            do { animation = try LottieDecoder.load(path: path) } catch {
                skipped.append("\(path): not decoded (\(error.message))")
                continue
            }
            if let feature = firstNonShapeFeature(animation) {
                skipped.append("\(path): \(feature.rawValue)")
                continue
            }
            let probe = AllocationProbe(animation, box: box)
            let duration = animation.duration
            for i in 0..<frames { probe.draw(atSeconds: duration * Double(i) / Double(frames)) }
            // A counted frame that allocates is drawn again: if that keeps allocating, the file
            // allocates per frame; if not, its buffers grew to a frame larger than any before (kept).
            var total: UInt64 = 0, firstAllocating: Double?, growths = 0
            for i in 0..<frames {
                let t = duration * (Double(i) + 0.5) / Double(frames)
                var before = alloc_counter_count()
                probe.draw(atSeconds: t)
                guard alloc_counter_count() > before else { continue }
                growths += 1
                // The renderer's frame-to-frame state (damage, recorded coverage) can take a second
                // drawing to settle: the third drawing of the same frame must allocate nothing.
                probe.draw(atSeconds: t)
                before = alloc_counter_count()
                probe.draw(atSeconds: t)
                let n = alloc_counter_count() - before
                if n > 0 && firstAllocating == nil { firstAllocating = t }
                total += n
            }
            // Buffers that grew on many new frames: steady state is then a second loop over the
            // same frames, which must allocate nothing.
            var loopAllocations: UInt64 = 0
            if firstAllocating == nil && growths > maxGrowths {
                let before = alloc_counter_count()
                for i in 0..<frames { probe.draw(atSeconds: duration * (Double(i) + 0.5) / Double(frames)) }
                loopAllocations = alloc_counter_count() - before
                if loopAllocations > 0 { firstAllocating = duration * 0.25 / Double(frames) }
            }
            checked += 1
            if let reason = knownAllocating[name] {
                print(firstAllocating == nil ? "ok         \(path) (allocation-free now: remove it from knownAllocating)"
                      : "known      \(path): \(total) allocations over \(frames) frames (\(reason))")
            } else if let t = firstAllocating {
                failed.append(path)
                print("ALLOCATES  \(path): \(total) allocations over \(frames) frames drawn three times, buffers grown on "
                      + "\(growths), \(loopAllocations) on a second loop (traced at t = \(fmt(t, 4)) s)")
                if trace {
                    fputs("=== allocations of \(path) at t = \(t) s\n", stderr)
                    alloc_counter_trace(1)
                    probe.draw(atSeconds: t)
                    alloc_counter_trace(0)
                }
            } else {
                print("ok         \(path)" + (growths > 0 ? " (buffers grown on \(growths) of \(frames) new frames"
                      + (growths > maxGrowths ? "; a second loop over them allocates nothing)" : ")") : ""))
            }
        }
    }
    for s in skipped { print("skipped    \(s)") }
    print("check-lottie-allocs: \(checked) shape-only files checked (\(frames) frames each after a warm-up of \(frames)), "
          + "\(failed.count) allocate, \(skipped.count) skipped")
    if checked == 0 { print("check-lottie-allocs: no shape-only file in \(folders.joined(separator: ", "))"); return 1 }
    return failed.isEmpty ? 0 : 1
}
