// A Lottie file as a FrameSource of its own (Engine/FrameSource.swift): `LottieSource` draws the
// decoded file with its builder at the file's frame for time t, and reviews what the renderer
// does not draw (LottieCoverage); `LottieSource.spec` gives the engine the file's defaults.
//
// Time: the file's frame grid is its rate `fr` as the exact rational the output uses, r
// (29.97 → 30000/1001, 23.976 → 24000/1001; LottieCommand.swift's lottieFrameRate), so at its
// own rate output frame i is file frame ip + i exactly (issue 22 item 6). Scene time t (seconds
// after the in-point) is file frame
//
//     f = t·r (snapped to a whole frame within 1e-9), played as players loop it:
//     frame = ip + (f mod L),   L = op − ip,
//
// so the scene is periodic with period D = L/r from t = 0 and `--loops N` renders N·L frames at
// the file's rate. A length that is not a whole number of frames (op − ip = 120.5), rendered at
// the file's own rate, is rounded to the file's grid: each loop plays the ⌈L⌉ whole frames
// ip … ip + ⌈L⌉ − 1 a player steps through (frame 120 < op is shown, op is exclusive), L = ⌈L⌉,
// and the review says so. Defaults come from the file: the canvas w × h in points at 1 px per
// point, the rate r, the length D, and the background — transparent when the output format
// holds alpha, white otherwise (LottieCommand.swift).
import Foundation
import Geometry
import Lottie
import Raster
import Render
import Scenes

/// The source of a Lottie file: the picture at t (see the header), fitted into `canvas`.
final class LottieSource: FrameSource, @unchecked Sendable {   // the builder's scratch is behind `lock`
    let animation: LottieAnimation
    let canvas: Size
    /// The Lottie file's path as the user named it (messages).
    let file: String
    private let builder: LottieBuilder
    private let lock = NSLock()
    /// File points → canvas points: identity for the file's own canvas; otherwise a uniform fit, centred.
    private let fit: Transform

    /// The file's frame grid: frames per second r (see the header).
    let rate: Double
    /// Frames per loop, L: op − ip, or ⌈op − ip⌉ on the file's grid (see the header).
    let loopFrames: Double

    /// `outputRate`: the output's frames per second, when known; at the file's own rate a
    /// fractional length is rounded to whole frames.
    init(_ animation: LottieAnimation, canvas: Size, file: String = "", outputRate: Double? = nil) {
        self.animation = animation
        self.canvas = canvas
        self.file = file
        builder = LottieBuilder(animation)
        fit = AnimExport.fit(Size(width: animation.width, height: animation.height), into: canvas, wholePixels: false)
        rate = lottieFrameRate(animation.frameRate).value
        loopFrames = Self.loopFrames(animation, rate: rate, outputRate: outputRate)
    }

    /// L for the header's rule. A length within 1/1000 frame of a whole number is that number
    /// (After Effects writes op as a float: 95.0000038 is 95 frames, not 96).
    static func loopFrames(_ animation: LottieAnimation, rate: Double, outputRate: Double?) -> Double {
        let length = animation.outPoint - animation.inPoint
        guard let outputRate, abs(outputRate - rate) <= 1e-9 * rate else { return length }
        return abs(length - length.rounded()) <= 1e-3 ? length.rounded() : length.rounded(.up)
    }

    static func isWhole(_ x: Double) -> Bool { abs(x - x.rounded()) <= 1e-9 * max(1, abs(x)) }

    /// What the rounding to the file's grid did, when it applied.
    var gridNote: String? {
        let length = animation.outPoint - animation.inPoint
        guard abs(loopFrames - length) > 1e-3 else { return nil }
        let ip = animation.inPoint
        return "the file is \(formatSeconds(length)) frames long (op − ip), not a whole number; at its own rate each loop "
            + "plays its \(Int(loopFrames)) whole frames \(formatSeconds(ip))…\(formatSeconds(ip + loopFrames - 1)) as players step through them "
            + "(\(formatSeconds(Double(Int(loopFrames)) / rate)) s a loop)"
    }

    /// D = L/r seconds.
    var duration: Double { loopFrames / rate }

    /// The file's frame at scene time t (see the header), ip ≤ frame < ip + L.
    func frame(at t: Double) -> Double {
        var f = t * rate
        if Self.isWhole(f) { f = f.rounded() }
        let l = loopFrames
        var local = l > 0 ? f.truncatingRemainder(dividingBy: l) : 0
        if local < 0 { local += l }
        return animation.inPoint + local
    }

    func draw(at t: Double, into list: inout DisplayList) {
        let frame = frame(at: t)
        lock.lock()
        defer { lock.unlock() }
        if fit.isIdentity {
            builder.build(atFrame: frame, into: &list)
        } else {
            list.beginGroup(Group(transform: fit))
            builder.build(atFrame: frame, into: &list)
            list.endGroup()
        }
    }

    var loopPeriod: Double? { duration > 0 ? duration : nil }

    /// One warning per feature not rendered (naming where); under --strict the first is an error
    /// naming `file` (the preset that names this file, or the file itself).
    func review(strict: Bool, file errorFile: String?) throws(ExportError) -> SceneReview {
        let coverage = LottieCoverage(animation)
        if let uncovered = coverage.textErrors.first {   // replaced text: an error even without --strict
            throw .invalid(file: errorFile, field: uncovered.place, message: uncovered.message)
        }
        if strict, let first = coverage.unrendered.first {
            throw .invalid(file: errorFile, field: first.place, message: "\(first.message) (--strict)")
        }
        let grid = gridNote.map { ["\(file): \($0)"] } ?? []
        return SceneReview(notes: grid + coverage.workarounds.map { "\(file): \($0)" },
                           warnings: coverage.unrendered.map { "\(file): \($0.place): \($0.message)" })
    }
}

extension LottieAnimation {
    /// A 1 × 1 pt, one-second animation with no layers (the plug-in's placeholder defaults).
    static let empty: LottieAnimation = {
        let json = #"{"v":"5.7.0","fr":60,"ip":0,"op":60,"w":1,"h":1,"layers":[]}"#
        do { return try LottieDecoder.decode(Array(json.utf8), file: "(empty)") } catch {
            preconditionFailure("the empty Lottie animation does not decode: \(error)")
        }
    }()
}
