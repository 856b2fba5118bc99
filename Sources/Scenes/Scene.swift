// The contract every animation implements: parameters + time → display list.
import Raster
import Render

/// A size in logical points.
public struct Size: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// An animation with its parameters bound: a pure function from time to a picture.
public protocol Scene: Sendable {
    /// The canvas in points; the picture's coordinates live in [0, width] × [0, height].
    var canvas: Size { get }
    /// Appends the picture at animation time `t` seconds (t = 0 is the start: tap / onAppear)
    /// to `list`, in canvas points. Callers reset the list between frames and reuse it, so that
    /// its storage — and with it a clip's frames — costs no allocation (DisplayList.swift).
    func draw(at t: Double, into list: inout DisplayList)
    /// The length of the seamless loop in seconds, if the animation has one (docs/ANIMATIONS.md §1.5).
    var loopPeriod: Double? { get }
    /// The scene's seamless loop: its period and the time window in which the scene repeats
    /// with that period (see `SceneLoop`). Default: `loopPeriod`, periodic from t = 0 forever.
    var loop: SceneLoop? { get }
    /// The seamless loop whose window contains `t`, if any. A scene whose behaviour changes
    /// over time (a finite pulse layer ending) can have several windows with different
    /// periods. Default: `loop` if its window contains `t`.
    func loop(containing t: Double) -> SceneLoop?
}

/// A seamless loop of a scene (docs/ANIMATIONS.md §1.5).
///
/// Meaning: on the window `[periodicFrom, validUntil)` the scene coincides with a function of
/// period `period` — `displayList(at: t) == displayList(at: t + k·period)` whenever both times lie in
/// the window. A clip of N loops that starts at `s` (frames at s + i/fps for
/// i ∈ 0 ..< N·period·fps) therefore plays back as a seamless loop exactly when
///
///     periodicFrom ≤ s   and   s + N·period ≤ validUntil,
///
/// and then the frame that would follow its last frame is its first frame. `start` is the
/// default `s`: the scene's natural loop start (dots: the first whole cycle once every dot
/// is periodic; pulse: the start of the window).
public struct SceneLoop: Sendable, Equatable, CustomStringConvertible {
    /// P in seconds (> 0).
    public var period: Double
    /// The earliest time from which the scene is periodic.
    public var periodicFrom: Double
    /// The time until which the period holds (exclusive); `.infinity` = forever.
    public var validUntil: Double
    /// The default start of a loop clip, in [periodicFrom, validUntil − period].
    public var start: Double
    /// Why the window begins/ends where it does, for messages ("the 15-repeat layer ends at 21 s").
    public var note: String?

    public init(period: Double, periodicFrom: Double = 0, validUntil: Double = .infinity,
                start: Double? = nil, note: String? = nil) {
        self.period = period
        self.periodicFrom = periodicFrom
        self.validUntil = validUntil
        self.start = start ?? periodicFrom
        self.note = note
    }

    /// Tolerance for comparing loop times (s).
    public static let tolerance = 1e-9

    /// Whether `t` lies in the window [periodicFrom, validUntil).
    public func contains(_ t: Double) -> Bool {
        t >= periodicFrom - Self.tolerance && t < validUntil - Self.tolerance
    }

    /// Whether N loops starting at `start` stay inside the window (the clip is seamless).
    public func admits(start s: Double, loops n: Int) -> Bool {
        s >= periodicFrom - Self.tolerance && s + Double(n) * period <= validUntil + Self.tolerance
    }

    /// The largest whole number of loops the window holds from `start` (Int.max if unbounded).
    public func maxLoops(from s: Double) -> Int {
        guard validUntil.isFinite else { return .max }
        return max(0, Int(((validUntil - s) / period + Self.tolerance).rounded(.down)))
    }

    public var description: String {
        let until = validUntil.isFinite ? "\(validUntil)" : "∞"
        return "loop \(period) s on [\(periodicFrom), \(until)) from \(start)"
    }
}

extension Scene {
    /// The picture at time `t` in a new list (for tests and one-off frames; clips reuse one list).
    public func displayList(at t: Double) -> DisplayList {
        var list = DisplayList()
        draw(at: t, into: &list)
        return list
    }

    public var loop: SceneLoop? { loopPeriod.map { SceneLoop(period: $0) } }

    public func loop(containing t: Double) -> SceneLoop? {
        guard let l = loop, l.contains(t) else { return nil }
        return l
    }
}
