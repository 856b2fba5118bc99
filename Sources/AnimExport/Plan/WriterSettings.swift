// The plan's output side in Video's own terms: `VideoSettings` for every format, with its
// H.264 part (`H264Settings`: x264 preset, crf, tune, profile, level, GOP, rate control, threads).
// The writers take nothing else (MediaWriter; MP4Writer in tests and benchmarks).
import Foundation
import Video

extension ExportPlan {
    /// The writer's settings for this plan.
    var videoSettings: VideoSettings {
        var s = VideoSettings(width: width, height: height, fps: fps, format: media.format)
        s.h264 = h264Settings
        s.alpha = media.alpha
        s.quality = media.quality
        s.speed = media.speed
        s.bitrate = encoder.bitrate
        s.maxrate = encoder.maxrate
        s.keyint = encoder.keyint
        s.closedGOP = media.closedGOP
        s.params = encoder.params
        s.threads = encoderThreadCount
        s.loopCount = media.loopCount
        s.matte = media.matte.rgb8
        s.gifPalette = media.gifPalette
        s.audio = media.audio
        s.expectedFrames = frameCount
        s.segmentEncoding = segmentEncoding
        return s
    }

    /// The H.264 part of `videoSettings`.
    var h264Settings: H264Settings {
        var s = H264Settings(width: width, height: height, fps: fps)
        s.x264Preset = encoder.preset
        s.crf = encoder.crf
        s.tune = encoder.tune
        s.profile = H264Profile(rawValue: encoder.profile) ?? .high
        s.level = encoder.level
        s.keyint = encoder.keyint
        s.bframes = encoder.bframes
        s.bitrate = encoder.bitrate
        s.maxrate = encoder.maxrate
        s.extraOptions = encoder.params
        // `--param threads=N` overrides the count unless batch pinned it.
        if encoderThreads != nil || !encoder.params.contains(where: { $0.key == "threads" }) {
            s.encoderThreads = encoderThreadCount
        }
        return s
    }

    /// Encoder threads, set deliberately: one frame thread per core (x264's own default is
    /// 1.5 × cores). The render thread needs a few % of a core, so the encoder keeps the machine
    /// busy either way, and fewer frame threads hold fewer frames (1080p ultrafast, 2 cores: peak
    /// RSS 156 MB instead of 169 MB, same speed within noise). The output depends on this count
    /// (as it does on x264's default), never on our render/encode thread layout. Batch pins its
    /// own count (`encoderThreads`) so bytes do not depend on the machine.
    var encoderThreadCount: Int {
        encoderThreads ?? min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
    }
}
