// FrameSource — the one thing the engine renders, and the one fit of a canvas into a size.
//
// A source is a picture at every time t ≥ 0: a canvas in points, `draw(at:into:)` appending the
// picture at t to a display list (Scene's contract: the list is reset and reused between frames),
// its seamless loop if it has one, and a review of what it cannot draw faithfully (notes and
// warnings; under --strict the first such thing is an error). Two kinds implement it:
//
//   SceneSource   a scene of a plug-in (reviewed by its plug-in: the heart's label) or a scene
//                 written in Swift by a library user (nothing to review)
//   LottieSource  a decoded Lottie file (Lottie/LottieSource.swift; reviewed by LottieCoverage)
//
// The engine (ExportPlan.swift, FrameRenderer.swift) knows only this protocol: no plug-in is
// called back, no source is wrapped in a preset.
//
// The fit (`--size`, a canvas that is not the file's): the uniform scale that shows all of the
// inner w × h inside the outer W × H, centred,
//
//     k = min(W/w, H/h),   x′ = k·x + (W − k·w)/2,   y′ = k·y + (H − k·h)/2,
//
// with the offsets rounded down to whole pixels when `wholePixels` (a scene's --size: its edges
// stay where its pixel grid puts them) and exact otherwise (a Lottie file, as players fit it);
// identity when the sizes agree and the offsets are exact.
import Geometry
import Render
import Scenes

/// What the engine renders (see the header).
public protocol FrameSource: Scene {
    /// What the source cannot draw faithfully: notes and warnings for the user; with `strict`
    /// the first such thing is thrown instead, naming `file` (the preset, or the source's file).
    func review(strict: Bool, file: String?) throws(ExportError) -> SceneReview
}

/// A scene as a source: a plug-in's (reviewed by the plug-in) or one given in code.
public struct SceneSource: FrameSource {
    public let scene: any Scene
    let plugin: (any ScenePlugin.Type)?

    /// A scene written in code: nothing to review.
    public init(_ scene: any Scene) { self.init(scene, plugin: nil) }

    init(_ scene: any Scene, plugin: (any ScenePlugin.Type)?) {
        self.scene = scene
        self.plugin = plugin
    }

    public var canvas: Size { scene.canvas }
    public var loopPeriod: Double? { scene.loopPeriod }
    public var loop: SceneLoop? { scene.loop }
    public func loop(containing t: Double) -> SceneLoop? { scene.loop(containing: t) }
    public func draw(at t: Double, into list: inout DisplayList) { scene.draw(at: t, into: &list) }

    public func review(strict: Bool, file: String?) throws(ExportError) -> SceneReview {
        guard let plugin else { return SceneReview() }
        return try AnimationKind(plugin).review(scene, file: file, strict: strict)
    }
}

/// The fit of `inner` into `outer` (see the header).
func fit(_ inner: Size, into outer: Size, wholePixels: Bool) -> Transform {
    if !wholePixels && inner == outer { return .identity }
    let k = min(outer.width / inner.width, outer.height / inner.height)
    var dx = (outer.width - inner.width * k) / 2
    var dy = (outer.height - inner.height * k) / 2
    if wholePixels { (dx, dy) = (dx.rounded(.down), dy.rounded(.down)) }
    return Transform.scale(k, k).concatenating(.translation(dx, dy))
}
