// Canvas.swift — one frame of premultiplied RGBA8 pixels.
//
// Layout: rows top to bottom, `bytesPerRow = width·4`, pixel (x, y) at byte offset
// y·bytesPerRow + 4·x holding R, G, B, A (premultiplied, gamma-encoded sRGB; Color.swift).
// The storage is allocated once in `init` and reused for every frame drawn into it.

/// A frame of `PremultipliedRGBA8` pixels.
public final class Canvas {
    public let width: Int
    public let height: Int
    /// Bytes between the starts of two rows (= width·4; rows are tightly packed).
    public var bytesPerRow: Int { width * 4 }

    let pixels: UnsafeMutablePointer<PremultipliedRGBA8>
    var pixelCount: Int { width * height }

    /// A canvas of transparent black pixels. Width and height must not be negative.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "canvas size must not be negative")
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        precondition(!overflow && count <= Int.max / 4, "canvas too large")
        self.width = width
        self.height = height
        pixels = UnsafeMutablePointer<PremultipliedRGBA8>.allocate(capacity: Swift.max(count, 1))
        pixels.initialize(repeating: .transparent, count: Swift.max(count, 1))
    }

    deinit {
        pixels.deallocate()
    }

    /// Sets every pixel to `color` (premultiplied: round(c·a·255), round(a·255)).
    public func clear(to color: RGBA) {
        PixelFill.fill(pixels, count: pixelCount, with: PremultipliedRGBA8(color))
    }

    /// The pixel at (x, y); traps when out of bounds.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) out of bounds")
        return pixels[y * width + x]
    }

    /// Read access to the raw bytes (count = bytesPerRow·height).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pixels, count: pixelCount * 4))
    }

    /// Write access to the raw bytes (count = bytesPerRow·height). Writers must keep pixels
    /// valid premultiplied values (each colour byte ≤ its alpha byte); the compositor relies on it.
    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: pixels, count: pixelCount * 4))
    }

    /// The pixels as straight-alpha RGBA8 bytes (R, G, B, A per pixel, rows top to bottom), for
    /// PNG export: channel = round(p·255/a); opaque pixels are copied unchanged.
    public func straightRGBA8() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: pixelCount * 4)
        bytes.withUnsafeMutableBufferPointer { out in
            for i in 0..<pixelCount {
                let s = pixels[i].straight
                out[4 * i] = s.r
                out[4 * i + 1] = s.g
                out[4 * i + 2] = s.b
                out[4 * i + 3] = s.a
            }
        }
        return bytes
    }
}
