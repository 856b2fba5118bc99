// The time model: output seconds → root frame → each layer's frame (spec layers.md, checked
// against lottie-web, lottie-ios and Skottie, which agree)
//
// Root.  Output time t seconds after the animation's in-point is root frame
//
//     F = ip + t · fr                                   (exact: never rounded to the frame grid)
//
// so a 60 fps export of a 30 fps file samples every half frame, and a fractional `op` simply
// ends the animation part-way through a frame: it lasts (op − ip)/fr seconds.
//
// Layers.  A layer of a composition at frame C (the composition's own frame):
//   • is visible while  ip ≤ C < op  (`op`, "frame when the layer becomes invisible", is
//     exclusive) and it is not hidden (`hd`);
//   • evaluates its own properties (transform, shapes, time remap) at C: Bodymovin writes
//     keyframe times in the composition's frames, with the layer's start time already applied.
//
// Precompositions.  A precomp layer at frame C shows its composition at frame
//
//     C′ = tm(C) · fr          with time remap `tm` (seconds of the precomposition), else
//     C′ = (C − st) / sr       (start time `st`, time stretch `sr`)
//
// `fr` is the root frame rate (precompositions have no frame rate of their own here). With a
// time remap, `st` and `sr` are not applied again: Bodymovin bakes the stretch into the remap
// keyframes, and lottie-web, lottie-ios and Skottie all ignore st/sr then (lottie-spec issue
// #192). The spec prints the stretch formula as t/sr − st; every player (and After Effects)
// subtracts the start time first, which is what is implemented. Stretch on layers that are not
// precompositions is baked into their keyframes by the exporter and ignored, as by the players.

extension LottieLayer {
    /// Whether the layer is drawn at frame `frame` of its composition (in range and not hidden).
    public func isVisible(atFrame frame: Double) -> Bool {
        !hidden && isInRange(atFrame: frame)
    }

    /// ip ≤ frame < op.
    public func isInRange(atFrame frame: Double) -> Bool {
        inPoint <= frame && frame < outPoint
    }

    /// The frame of the precomposition a precomp layer shows at frame `frame` of its own
    /// composition; nil for other layers. `frameRate` is the animation's `fr`.
    public func precompFrame(atFrame frame: Double, frameRate: Double) -> Double? {
        guard case let .precomp(_, _, _, remap) = content else { return nil }
        if let remap { return remap.value(at: frame) * frameRate }
        return (frame - startTime) / timeStretch
    }
}

extension LottieAnimation {
    /// The root frame at `seconds` after the in-point: ip + seconds · fr.
    public func frame(atSeconds seconds: Double) -> Double {
        inPoint + seconds * frameRate
    }

    /// The seconds after the in-point of root frame `frame`.
    public func seconds(atFrame frame: Double) -> Double {
        (frame - inPoint) / frameRate
    }
}
