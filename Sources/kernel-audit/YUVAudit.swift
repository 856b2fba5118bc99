// YUVAudit.swift — the Video module's RGBA → YUV 4:2:0 kernels (`.simd`, `.sse2`) against its
// sample-by-sample `.scalar` reference, on seeded random frames of several sizes (odd chroma
// filter lengths at small heights, tails at widths that are not multiples of 16).

@_spi(KernelAudit) import Raster
import Video

enum YUVAudit {
    static func run(seed: UInt64, rounds: Int) -> [KernelFinding] {
        RGBAToYUV420.Implementation.allCases.filter { $0 != .scalar }.map { implementation in
            var finding = KernelFinding(kernel: "yuv420.\(implementation.rawValue)")
            var state = seed ^ 0x59_55_56
            func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            let sizes = [(2, 2), (18, 6), (34, 10), (64, 8), (130, 34), (320, 180)]
            for _ in 0..<rounds {
                for (width, height) in sizes {
                    let rgba = (0..<(width * height * 4)).map { _ in UInt8(truncatingIfNeeded: next()) }
                    do {
                        let converter = try RGBAToYUV420(width: width, height: height)
                        let reference = try converter.convert(rgba: rgba, using: .scalar)
                        let fast = try converter.convert(rgba: rgba, using: implementation)
                        finding.record(values: rgba.count / 4)
                        if fast.y != reference.y || fast.u != reference.u || fast.v != reference.v {
                            finding.record(failure: "\(width)x\(height): planes differ from the scalar reference")
                        }
                    } catch {
                        finding.record(failure: "\(width)x\(height): \(error)")
                    }
                }
            }
            return finding
        }
    }
}
