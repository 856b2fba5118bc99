// ConversionCheck.swift — the release (AVX2) build's conversion kernels against their scalar
// references, on seeded random premultiplied frames (runs of opaque, transparent and partly
// covered pixels; sizes that leave kernel tails; one 4:2:0 size under the 32 rows where
// FrameConverter.update converts whole), whole frames and changed-pixel updates. `make test`
// runs these rows through the release bench (ReleaseKernelTests): each must be 0.
import Video

/// Random premultiplied RGBA8 (colour ≤ alpha) in runs of 1–20 pixels of one kind. Seeded.
func seededPremultiplied(width: Int, height: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var px = [UInt8](repeating: 0, count: width * height * 4)
    var i = 0
    while i < width * height {
        let run = Int(next() % 20) + 1, kind = next() % 4
        for k in i..<min(i + run, width * height) {
            let a: UInt8 = kind == 0 ? 255 : kind == 1 ? 0 : UInt8(truncatingIfNeeded: next())
            px[4 * k + 3] = a
            for c in 0..<3 { px[4 * k + c] = a == 0 ? 0 : UInt8(next() % (UInt64(a) + 1)) }
        }
        i += run
    }
    return px
}

/// Largest |fast − scalar| per pixel format over whole frames and updates of a changed box.
func conversionKernelCheck() -> [(PixelFormat, Int)] {
    PixelFormat.allCases.map { format in
        var worst = 0
        for (w, h, seed) in [(258, 66, UInt64(1)), (46, 18, 2), (1920, 40, 3)] {
            do {
                let fast = try FrameConverter(width: w, height: h, format: format)
                let scalar = try FrameConverter(width: w, height: h, format: format)
                scalar.implementation = .scalar
                let a = try EncoderFrame(width: w, height: h, pixelFormat: format)
                let b = try EncoderFrame(width: w, height: h, pixelFormat: format)
                var canvas = seededPremultiplied(width: w, height: h, seed: seed)
                try canvas.withUnsafeBytes { try fast.convert(rgba: $0, bytesPerRow: 4 * w, into: a) }
                try canvas.withUnsafeBytes { try scalar.convert(rgba: $0, bytesPerRow: 4 * w, into: b) }
                worst = max(worst, largestDifference(a, { b.plane($0) }, format: format, width: w, height: h))
                // A box of new pixels (odd bounds), converted as an update of the fast frame.
                let noise = seededPremultiplied(width: w, height: h, seed: seed &+ 100)
                let rows = (h / 4)..<(h / 4 + h / 3), columns = (w / 5 + 1)..<(w / 5 + w / 2)
                for y in rows { for x in columns { for c in 0..<4 { canvas[4 * (y * w + x) + c] = noise[4 * (y * w + x) + c] } } }
                try canvas.withUnsafeBytes { bytes in
                    try fast.update(a, from: bytes, bytesPerRow: 4 * w, rows: rows) { _ in columns }
                    try scalar.convert(rgba: bytes, bytesPerRow: 4 * w, into: b)
                }
                worst = max(worst, largestDifference(a, { b.plane($0) }, format: format, width: w, height: h))
            } catch {
                fatalError("conversion check \(format) \(w)x\(h): \(error)")
            }
        }
        return (format, worst)
    }
}
