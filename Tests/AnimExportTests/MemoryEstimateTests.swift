// The per-encoder memory terms against the peaks measured on this machine (docs/memory.md,
// scripts/measure-memory.py): every estimate at or above its measurement, and not absurdly
// above it (≤ 1.6×), so jobs that would fit are not refused.
import Testing
import Video
@testable import AnimExport

@Suite struct MemoryEstimateTests {
    struct Measured: CustomStringConvertible {
        var codec: VideoCodec, alpha: Bool = false, preset = "medium", gif: GIFPalette = .global, width: Int, height: Int, frames = 30
        /// Peak RSS and VmPeak minus what was mapped at the check, MB.
        var resident: Int, address: Int
        var description: String { "\(codec.rawValue)\(alpha ? " alpha" : "") \(codec == .gif ? gif.rawValue : preset) \(width)x\(height)" }
    }

    static let measured: [Measured] = [
        Measured(codec: .h264, width: 1920, height: 1080, resident: 476, address: 701),
        Measured(codec: .h264, width: 3840, height: 2160, resident: 1647, address: 2090),
        Measured(codec: .h264, preset: "ultrafast", width: 1920, height: 1080, resident: 147, address: 212),
        Measured(codec: .h264, preset: "ultrafast", width: 3840, height: 2160, resident: 372, address: 496),
        Measured(codec: .hevc, width: 1920, height: 1080, resident: 483, address: 801),
        Measured(codec: .hevc, width: 3840, height: 2160, resident: 1555, address: 2025),
        Measured(codec: .av1, width: 1920, height: 1080, resident: 539, address: 2390),
        Measured(codec: .av1, width: 3840, height: 2160, resident: 1975, address: 4616),
        Measured(codec: .vp9, width: 1920, height: 1080, resident: 360, address: 376),
        Measured(codec: .vp9, width: 3840, height: 2160, resident: 1090, address: 1124),
        Measured(codec: .vp9, alpha: true, width: 1920, height: 1080, resident: 662, address: 693),
        Measured(codec: .vp9, alpha: true, width: 3840, height: 2160, resident: 2142, address: 2209),
        Measured(codec: .prores, width: 1920, height: 1080, resident: 193, address: 346),
        Measured(codec: .prores, width: 3840, height: 2160, resident: 346, address: 482),
        Measured(codec: .prores, alpha: true, width: 1920, height: 1080, resident: 315, address: 362),
        Measured(codec: .prores, alpha: true, width: 3840, height: 2160, resident: 686, address: 833),
        Measured(codec: .proresHQ, width: 1920, height: 1080, resident: 145, address: 346),
        Measured(codec: .proresHQ, width: 3840, height: 2160, resident: 453, address: 626),
        Measured(codec: .apng, width: 1920, height: 1080, resident: 166, address: 242),
        Measured(codec: .apng, width: 3840, height: 2160, resident: 444, address: 546),
        Measured(codec: .webp, width: 1920, height: 1080, resident: 162, address: 185),
        Measured(codec: .webp, width: 3840, height: 2160, resident: 398, address: 424),
        Measured(codec: .webp, alpha: true, width: 3840, height: 2160, resident: 332, address: 352),
        Measured(codec: .gif, width: 1920, height: 1080, frames: 15, resident: 156, address: 177),
        Measured(codec: .gif, width: 1920, height: 1080, frames: 60, resident: 285, address: 291),
        Measured(codec: .gif, width: 3840, height: 2160, frames: 9, resident: 737, address: 757),
        Measured(codec: .gif, gif: .perFrame, width: 1920, height: 1080, resident: 185, address: 198),
        Measured(codec: .gif, gif: .perFrame, width: 3840, height: 2160, resident: 450, address: 468),
    ]

    @Test(arguments: measured)
    func estimateCoversTheMeasuredPeak(_ m: Measured) {
        let t = EncoderMemory.of(m.codec, alpha: m.alpha, x264Preset: m.preset, gifPalette: m.gif)
        let pixels = m.width * m.height
        let histogram = m.codec == .gif && m.gif == .global ? EncoderMemory.gifHistogramBytes(pixels: pixels, frames: m.frames) : 0
        let resident = Double(t.residentBase + pixels * t.residentPerPixel + histogram) / 1_048_576
        let address = Double(t.addressBase + pixels * t.addressPerPixel + histogram) / 1_048_576
        #expect(resident >= Double(m.resident) && resident <= 1.6 * Double(m.resident), "\(m): resident estimate \(Int(resident)) MB, measured \(m.resident)")
        #expect(address >= Double(m.address) && address <= 1.6 * Double(m.address), "\(m): address estimate \(Int(address)) MB, measured \(m.address)")
    }
}
