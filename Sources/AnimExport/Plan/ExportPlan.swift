// The export plan: the source, the frame in pixels and the points → pixels
// transform, the frame times, the encoder and output settings; everything needed to render one
// clip, resolved from a source, a preset and the flags by the resolvers (Plan/Resolvers.swift).
//
// Flags override the preset; the preset overrides the source's defaults (Plan/SourceSpec.swift).
// Resolution also applies the size policy: pixels = canvas × scale, rounded to whole pixels; an
// odd width or height is rounded UP to even (yuv420p needs even sizes) and the extra column/row
// is filled with the background, with a notice. `--size WxH` fits the canvas inside W×H (uniform
// scale, centred on whole pixels, background around it: FrameSource.swift's `fit`).
import Geometry
import Foundation
import Raster
import Scenes
import Video

public struct ExportPlan {
    /// What kind of source: the scene's name ("pulse"), "lottie", or "scene" (given in code).
    public var sourceName: String
    public var presetName: String
    public var presetPath: String?
    /// What is drawn (FrameSource.swift).
    public var source: any FrameSource
    public var background: RGBA
    /// Frames per second, exactly (Video's FrameRate: 30000/1001 for 29.97).
    public var fps: FrameRate
    public var frameCount: Int
    public var startTime: Double
    public var width: Int
    public var height: Int
    /// Canvas points → output pixels.
    public var transform: Transform
    public var encoder: EncoderOptions
    public var output: String
    public var overwrite: Bool
    public var verbose: Bool
    /// Things the user should know (padding, crf 0); printed on stderr.
    public var notices: [String]
    /// Set for `--loops N`: the loop repeated and how (see Loops.swift).
    public var loopPlan: LoopPlan? = nil
    /// What could not be honoured (a character no font has); printed on stderr as warnings.
    public var warnings: [String] = []
    /// x264 threads when set (batch pins it: x264's bytes depend on its thread count); nil: x264's choice.
    public var encoderThreads: Int? = nil
    /// The output side: format, alpha, quality, loops, audio, target (MediaOptions.swift).
    public var media = MediaOptions()
    /// --strict: what a frame's source could not build faithfully (a merge path refused) is an
    /// error, raised at the frame that meets it (Engine/FrameRenderer.swift).
    public var strict = false
    /// Set when a target repeats the clip to reach its minimum length: frame i shows frame i mod this.
    public var repeatFrames: Int? = nil
    /// One segment of a clip rendered in pieces (Segments/): frame i of this plan is the clip's
    /// frame firstFrame + i, encoded as a segment the join can splice.
    public var firstFrame = 0
    public var segmentEncoding = false
    /// The preset's "segmentFrames" (the default of --segment-frames).
    public var presetSegmentFrames: Int? = nil

    /// The clip's length: frames / fps.
    var seconds: Double { Double(frameCount) * Double(fps.den) / Double(fps.num) }

    /// Frame i is sampled at t = start + i/fps (exactly, for rational fps).
    public func time(ofFrame i: Int) -> Double {
        let i = repeatFrames.map { (firstFrame + i) % $0 } ?? firstFrame + i
        return startTime + Double(i) * Double(fps.den) / Double(fps.num)
    }
}

/// Builds the job for `animexport <animation> …`: the preset `--preset` names (or the
/// animation's default), then `resolvePlan(_:args:video:load:)`.
///
/// `video` false resolves a still: no even-size rounding (PNG has no 4:2:0 constraint) and the
/// length flags are ignored.
func resolvePlan(animation: AnimationKind, args: ParsedArguments, library: PresetLibrary,
                video: Bool = true) throws(ExportError) -> ExportPlan {
    try resolvePlan(animation.rawValue, args: args, video: video) { args throws(ExportError) in
        let loaded = try loadPreset(for: animation, args: args, library: library)
        return (loaded.file.sourceSpec(name: loaded.name, path: loaded.path), loaded.file.settings)
    }
}

/// Builds the job for a preset already loaded (batch: each of its outputs).
func resolvePlan(_ loaded: LoadedPreset, args: ParsedArguments, video: Bool) throws(ExportError) -> ExportPlan {
    try resolvePlan(loaded.file.animation, args: args, video: video) { _ in
        (loaded.file.sourceSpec(name: loaded.name, path: loaded.path), loaded.file.settings)
    }
}

/// Builds the job for the source `load` gives once OUTPUT and a --target are known (the
/// arguments then hold the target's values): the resolvers of Plan/Resolvers.swift in order,
/// the source made and reviewed, --loops and --marker laid out, then the output side.
func resolvePlan(_ name: String, args: ParsedArguments, video: Bool,
                load: (ParsedArguments) throws(ExportError) -> (SourceSpec, PresetSettings)) throws(ExportError) -> ExportPlan {
    let command = video ? name : "still"
    let output = try outputArgument(args, example: "animexport \(video ? command : "still " + name) out.\(video ? "mp4" : "png")", command: command)
    var args = args
    let target = video ? try applyTarget(&args, output: output) : nil
    let (spec, preset) = try load(args)
    let choice = OutputChoice(output: output, codec: args.value("--codec") ?? target?.codec, video: video)
    var notices: [String] = []
    let look = try resolveLook(spec, preset, args: args, output: choice)
    let fps = try resolveRate(spec, preset, args: args, notices: &notices)
    let length = try resolveLength(spec, preset, args: args, fps: fps, command: command)
    let size = try resolveSize(spec, preset, args: args, canvas: look.canvas, output: choice,
                               command: command, notices: &notices)
    let encoder = try resolveEncoder(preset.encoder ?? EncoderSpec(), file: spec.origin.path, args: args, notices: &notices)
    let source = try spec.make(look.canvas, fps.value, args.value("--font"))
    let review = try source.review(strict: args.has("--strict"), file: spec.origin.path)
    var job = ExportPlan(sourceName: spec.name, presetName: spec.origin.name, presetPath: spec.origin.path, source: source,
                        background: look.background, fps: FrameRate(num: fps.num, den: fps.den), frameCount: length.frames, startTime: length.start,
                        width: size.width, height: size.height, transform: size.transform, encoder: encoder, output: output,
                        overwrite: args.has("-y"), verbose: args.has("--verbose"), notices: notices + review.notes,
                        warnings: review.warnings)
    try layOutClip(&job, spec, args: args, fps: fps, loops: length.loops, command: command)
    job.strict = args.has("--strict")
    job.presetSegmentFrames = preset.segmentFrames
    if video {
        job.media.target = target
        try resolveMedia(&job, args: args, resolvedFormat: choice.format)
        if let target { try applyTargetLength(&job, target) }
    }
    return job
}

/// --marker (a Lottie file's segment, N times with --loops) or --loops N (whole seamless loops
/// of the source) set the clip's start and length once the source exists.
private func layOutClip(_ job: inout ExportPlan, _ spec: SourceSpec, args: ParsedArguments, fps: FrameRateSpec,
                        loops: Int?, command: String) throws(ExportError) {
    if let name = args.value("--marker") {
        let s = try markerSegment(name, source: job.source, fps: fps, loops: loops ?? 1, command: command)
        (job.startTime, job.frameCount) = (s.start, s.frames)
        if loops != nil { job.repeatFrames = s.framesPerLoop }
        job.notices.append(s.note)
    } else if let n = loops {
        let short = PresetLibrary.shortName(spec.origin.name, animation: spec.name)
        let plan = try planLoops(n, start: args.has("--start") ? job.startTime : nil, scene: job.source, fps: fps,
                                 label: short == command ? command : "\(command) \(short)", command: command)
        (job.startTime, job.frameCount, job.loopPlan) = (plan.start, plan.frames, plan)
    }
}

