// Image layers (`ty` 2) from embedded PNG and JPEG data: URIs and an external file, under rotation.
//
// Fixtures (written with Python's json, base64 and zipfile; the images are Tests/MediaTests/
// Fixtures' 4×2 RGBA PNG and 16×16 quadrant JPEG, see the README there):
//   image-rotation-png    4×2 PNG drawn 40×20 pt, anchor (20, 10) at (50, 50), rotated 30°
//   image-rotation-jpeg   16×16 JPEG drawn 48×48 pt, anchor (24, 24) at (50, 50), rotated 45°
//   image-external        the PNG as images/rgba4x2.png beside the JSON, 40×20 pt, rotated −60°
//   image-problems        a missing file, a path escaping the folder, a layer naming no asset
//
// The model checks run now: the loaded bitmap (premultiplied: orange (255, 128, 0) at α 128 is
// (128, 64, 0, 128)), and the display list's image paint, whose full transform must take image
// pixel centre (i + ½, j + ½) to p = R(θ)·(k·(i + ½, j + ½) − anchor) + position, k = w/W, the
// Lottie layer transform worked out by hand. The pixel checks render the frame and compare
// every pixel whose centre maps inside the image's sample grid against a scalar bilinear
// reference (premultiplied, ±3), and pixels mapping well outside against transparent; they run
// once the renderer draws image paints (the `wire` branch: "Render: image paints").
import Foundation
import Geometry
@testable import Lottie
import Media
import Raster
import Render
import Testing
import Video

/// Images for tests: data: URIs and files inside `folder`, through Media as the CLI does.
struct TestImageLoader: LottieImageLoader {
    var folder = lottieFixtures
    func pixels(of asset: ImageAsset) throws -> LottieImagePixels {
        let bytes = DataURI.isDataURI(asset.path) ? try DataURI.decode(asset.path, maxBytes: 1 << 20)
                                                  : try ContainedFile.read(asset.folder + asset.path, inFolder: folder, maxBytes: 1 << 20)
        let image = try ImageDecoder.decode(bytes)
        return LottieImagePixels(width: image.width, height: image.height, rgba: image.rgba)
    }
}

func loadWithImages(_ name: String) throws -> LottieAnimation {
    var animation = try loadFixture(name)
    animation.loadImages(using: TestImageLoader())
    return animation
}

/// The image paint of the frame at t = 0 and its full transform (image pixels → canvas).
func imagePaint(_ animation: LottieAnimation) throws -> (bitmap: Bitmap, toCanvas: Transform) {
    var list = DisplayList()
    LottieBuilder(animation).build(atSeconds: 0, into: &list)
    var stack: [Transform] = [.identity]
    for node in list.nodes {
        switch node {
        case .beginGroup(let g, _): stack.append(g.transform.concatenating(stack.last!))
        case .endGroup: stack.removeLast()
        case .fill(_, _, .image(let pattern)):
            return (list.bitmap(pattern.image), pattern.transform.concatenating(stack.last!))
        default: continue
        }
    }
    throw LottieImageLoadError("no image paint in the list")
}

struct ImageCase: Sendable, CustomStringConvertible {
    let name: String
    let pixelsW: Int, pixelsH: Int
    let width: Double, height: Double
    let degrees: Double
    var description: String { name }

    /// The layer transform by hand: R(θ)·(p − anchor) + (50, 50), anchor the image's centre.
    func expected(_ p: Point) -> Point {
        let t = degrees * .pi / 180
        let x = p.x - width / 2, y = p.y - height / 2
        return Point(cos(t) * x - sin(t) * y + 50, sin(t) * x + cos(t) * y + 50)
    }
}

let imageCases = [
    ImageCase(name: "image-rotation-png", pixelsW: 4, pixelsH: 2, width: 40, height: 20, degrees: 30),
    ImageCase(name: "image-rotation-jpeg", pixelsW: 16, pixelsH: 16, width: 48, height: 48, degrees: 45),
    ImageCase(name: "image-external", pixelsW: 4, pixelsH: 2, width: 40, height: 20, degrees: -60),
]

@Suite("LottieImages") struct LottieImageTests {
    @Test(arguments: imageCases) func imagePaintPlacesEveryPixel(_ c: ImageCase) throws {
        let animation = try loadWithImages(c.name)
        #expect(animation.imageProblems.isEmpty, "\(animation.imageProblems)")
        #expect(LottieCoverage(animation).unrendered.allSatisfy { $0.message.contains("not drawn yet by the renderer") })
        let (bitmap, toCanvas) = try imagePaint(animation)
        #expect(bitmap.width == c.pixelsW && bitmap.height == c.pixelsH)
        let k = c.width / Double(c.pixelsW)
        for j in 0..<c.pixelsH {
            for i in 0..<c.pixelsW {
                let got = toCanvas.apply(Point(Double(i) + 0.5, Double(j) + 0.5))
                let want = c.expected(Point(k * (Double(i) + 0.5), k * (Double(j) + 0.5)))
                #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9, "pixel (\(i), \(j)): \(got) vs \(want)")
            }
        }
    }

    @Test func pngPixelsArePremultiplied() throws {
        let (bitmap, _) = try imagePaint(try loadWithImages("image-rotation-png"))
        #expect(bitmap.pixels[0] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap.pixels[4] == PremultipliedRGBA8(r: 128, g: 64, b: 0, a: 128))   // 255·128/255, 128·128/255 = 64.25
        #expect(bitmap.pixels[6] == .transparent)
        #expect(bitmap.pixels[7] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
    }

    @Test func problemsNameTheAssetAndLayer() throws {
        let animation = try loadWithImages("image-problems")
        let messages = animation.imageProblems.map { "\($0.place): \($0.message)" }
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("layers[0] \"Missing\"") && $0.contains("images/nope.png") && $0.contains("no such file") })
        #expect(messages.contains { $0.hasPrefix("layers[1] \"Escaping\"") && $0.contains("\"..\"") })
        #expect(messages.contains { $0.hasPrefix("layers[2] \"NoAsset\"") && $0.contains("names no image asset \"nothing\"") })
        let coverage = LottieCoverage(animation)
        for problem in animation.imageProblems {
            #expect(coverage.unrendered.contains(LottieCoverage.Entry(place: problem.place, message: problem.message)))
        }
        // Nothing is emitted for the layers that cannot be drawn.
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        #expect(list.shapeNodes.isEmpty)
    }

    @Test(.enabled(if: LottieCoverage.rendererDrawsImages), arguments: imageCases)
    func rendersAsTheBilinearReference(_ c: ImageCase) throws {
        let animation = try loadWithImages(c.name)
        let (bitmap, toCanvas) = try imagePaint(animation)
        let toImage = try #require(toCanvas.inverted())
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 100, height: 100)
        let report = Renderer().render(list, background: .clear, transform: .identity, on: canvas)
        #expect(report.isFaithful, "\(report.messages)")
        var inside = 0, outside = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let u = toImage.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let got = canvas[x, y]
                if u.x >= 0.5 && u.x <= Double(c.pixelsW) - 0.5 && u.y >= 0.5 && u.y <= Double(c.pixelsH) - 0.5 {
                    let want = bilinear(bitmap, u.x - 0.5, u.y - 0.5)
                    let diff = zip([got.r, got.g, got.b, got.a].map(Int.init), want).map { abs($0 - $1) }.max()!
                    #expect(diff <= 3, "(\(x), \(y)) → image (\(u.x), \(u.y)): \(got) vs \(want)")
                    inside += 1
                } else if u.x < -1 || u.y < -1 || u.x > Double(c.pixelsW) + 1 || u.y > Double(c.pixelsH) + 1 {
                    #expect(got == .transparent, "(\(x), \(y)) is outside the image")
                    outside += 1
                }
            }
        }
        #expect(inside > 100 && outside > 1000)
        try expectGolden(c.name, Frame(width: 100, height: 100, rgba: canvas.straightRGBA8()))
    }

    /// The dotLottie's first animation through the CLI: its archive image under rotation.
    @Test(.enabled(if: LottieCoverage.rendererDrawsImages))
    func dotLottieIntroRendersItsArchiveImage() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try animexport(["still", lottieFixtures + "/two-animations.lottie", "--strict", "--scale", "1", "intro.png"], cwd: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let png = try PNGReader.read(path: dir + "/intro.png")
        let frame = Frame(width: png.width, height: png.height, rgba: png.rgba)
        // The same picture as image-rotation-png (same image, size and transform).
        let reference = try PNGReader.read(path: lottieGoldens + "/image-rotation-png.png")
        #expect(frame.rgba == reference.rgba)
        try expectGolden("two-animations-intro", frame)
    }
}

/// Bilinear interpolation of premultiplied pixels between centres, at (sx, sy) in centre space.
func bilinear(_ b: Bitmap, _ sx: Double, _ sy: Double) -> [Int] {
    let x0 = min(Int(sx.rounded(.down)), b.width - 1), y0 = min(Int(sy.rounded(.down)), b.height - 1)
    let x1 = min(x0 + 1, b.width - 1), y1 = min(y0 + 1, b.height - 1)
    let fx = sx - Double(x0), fy = sy - Double(y0)
    func p(_ x: Int, _ y: Int) -> [Double] {
        let v = b.pixels[y * b.width + x]
        return [Double(v.r), Double(v.g), Double(v.b), Double(v.a)]
    }
    return (0..<4).map { k in
        let top = p(x0, y0)[k] * (1 - fx) + p(x1, y0)[k] * fx
        let bottom = p(x0, y1)[k] * (1 - fx) + p(x1, y1)[k] * fx
        return Int((top * (1 - fy) + bottom * fy).rounded())
    }
}
