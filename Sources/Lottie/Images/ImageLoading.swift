// Loading a file's image assets once, before any frame: assets → premultiplied bitmaps.
//
// Lottie does not decode images itself (it knows no codec and no file system): the caller
// passes a `LottieImageLoader` that turns an asset (`p` a data: URI, or `u` + `p` a file beside
// the JSON or an entry of a dotLottie archive) into straight-alpha RGBA8 pixels. Only assets an
// image layer (`ty` 2, `refId`) of a drawn composition uses are loaded, each once. A pixel
// (r, g, b, a) becomes (round(r·a/255), round(g·a/255), round(b·a/255), a) — the canvas's
// premultiplied form (Raster/Surface/Color.swift), exact for opaque pixels.
//
// An image that cannot be loaded (missing, refused, undecodable) or a layer naming no image
// asset is an `ImageProblem` naming the asset and the first layer using it; LottieCoverage
// turns them into warnings (errors under --strict), and the layer is not drawn.

import Raster

/// Straight-alpha RGBA8 pixels of one decoded image, rows top to bottom.
public struct LottieImagePixels: Sendable {
    public var width: Int
    public var height: Int
    public var rgba: [UInt8]

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

/// Resolves and decodes image assets for `LottieAnimation.loadImages`.
public protocol LottieImageLoader {
    /// The pixels of `asset`; the error's text says why not (the caller names the asset and layer).
    func pixels(of asset: ImageAsset) throws -> LottieImagePixels
}

/// A loaded image: its bitmap and the size it is drawn at (the asset's `w` × `h`, else its pixels).
public struct LoadedImage: Sendable {
    public var bitmap: Bitmap
    public var width: Double
    public var height: Double
}

/// An image layer that will not be drawn, and why.
public struct ImageProblem: Sendable, Equatable {
    /// The first layer using the asset.
    public var place: String
    public var message: String
}

extension LottieAnimation {
    /// Decodes every image asset an image layer uses (see the header); returns the problems too.
    public mutating func loadImages(using loader: any LottieImageLoader) {
        var users: [(id: String, place: String, count: Int)] = []
        for composition in compositions {
            for layer in composition.layers {
                guard case .image(let id) = layer.content else { continue }
                if let k = users.firstIndex(where: { $0.id == id }) { users[k].count += 1 } else { users.append((id, layer.place, 1)) }
            }
        }
        for user in users where bitmaps[user.id] == nil {
            let more = user.count > 1 ? " (\(user.count) layers)" : ""
            guard let asset = images.first(where: { $0.id == user.id }) else {
                imageProblems.append(ImageProblem(place: user.place, message: "names no image asset \"\(user.id)\"; not drawn\(more)"))
                continue
            }
            do {
                let pixels = try loader.pixels(of: asset)
                bitmaps[user.id] = try Self.loadedImage(pixels, asset)
            } catch {
                imageProblems.append(ImageProblem(place: user.place,
                                                  message: "image \"\(asset.id)\" (\(asset.shownName)): \(error); not drawn\(more)"))
            }
        }
    }

    static func loadedImage(_ p: LottieImagePixels, _ asset: ImageAsset) throws -> LoadedImage {
        guard p.width > 0, p.height > 0, p.rgba.count == p.width * p.height * 4 else {
            throw LottieImageLoadError("the decoder returned \(p.rgba.count) bytes for \(p.width)×\(p.height) pixels")
        }
        // Drawn in the asset's w × h as lottie-web draws an image: "xMidYMid slice" (covered,
        // centred, the overflow cropped; Model/TextOverrides.swift cites its source).
        let w = asset.width.flatMap { $0 > 0 ? $0 : nil } ?? Double(p.width)
        let h = asset.height.flatMap { $0 > 0 ? $0 : nil } ?? Double(p.height)
        let p = p.sliced(toAspect: w / h)
        var pixels = [PremultipliedRGBA8](repeating: .transparent, count: p.width * p.height)
        p.rgba.withUnsafeBufferPointer { src in
            for i in 0..<pixels.count {
                let a = UInt32(src[4 * i + 3])
                func pm(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
                pixels[i] = PremultipliedRGBA8(r: pm(src[4 * i]), g: pm(src[4 * i + 1]), b: pm(src[4 * i + 2]), a: UInt8(a))
            }
        }
        return LoadedImage(bitmap: Bitmap(width: p.width, height: p.height, pixels: pixels), width: w, height: h)
    }
}

extension ImageAsset {
    /// How messages name the asset: "embedded PNG data" for data: URIs, else `u` + `p`.
    public var shownName: String {
        if path.utf8.prefix(5).map({ $0 | 0x20 }) == Array("data:".utf8) {
            let kind = path.dropFirst(5).prefix { $0 != ";" && $0 != "," }
            return "embedded \(kind.isEmpty ? "data" : String(kind))"
        }
        return folder + path
    }
}

struct LottieImageLoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
