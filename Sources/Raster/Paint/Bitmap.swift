// Bitmap.swift — the pixels of an image paint, as a display list and a file's model hold them.
//
// A value of premultiplied, gamma-encoded sRGB pixels, rows top to bottom, with the sampling copy
// Raster's ImagePaint reads (`RGBAImage`, made once here, so drawing costs no conversion). It
// lives in Raster, below Render, so that a decoded file's model (Lottie's image assets) can hold
// its images without depending on the renderer; Render's display list refers to it by `ImageID`.

/// An RGBA bitmap for image paints: premultiplied, gamma-encoded sRGB pixels, rows top to bottom.
/// Raster's sampling copy (`RGBAImage`) is made once here, so drawing it costs no conversion.
public final class Bitmap: Sendable {
    public let width: Int
    public let height: Int
    /// width·height pixels.
    public let pixels: [PremultipliedRGBA8]
    /// What the renderer samples; nil when Raster cannot hold the image (empty, or over
    /// `RGBAImage.maximumSide` / `maximumPixels`): such a paint is not drawn, and reported.
    public let image: RGBAImage?

    /// `pixels` must hold width·height valid premultiplied values (each colour ≤ its alpha).
    public init(width: Int, height: Int, pixels: [PremultipliedRGBA8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "bitmap size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pixels.count * 4)
        for p in pixels {
            bytes.append(p.r)
            bytes.append(p.g)
            bytes.append(p.b)
            bytes.append(p.a)
        }
        image = try? RGBAImage(width: width, height: height, premultipliedRGBA: bytes)
    }
}
