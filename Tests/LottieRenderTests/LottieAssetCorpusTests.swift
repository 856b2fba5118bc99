// The team's Lottie corpus through `animexport info --json`: every dotLottie archive opens, each
// of its animations decodes, and the image assets load — or are named as problems where the file
// really lacks them (checked by hand: issue_2269.lottie has no images/img_0.png or img_1.png;
// dog.json's dog.png and issue_2342.json's images/img_0.png are not in the corpus).
import Foundation
@testable import Lottie
import Raster
import Render
import Testing

/// `lottie/samples` beside the repository, or $ANIMEXPORT_LOTTIE_CORPUS (as LottieTests/CorpusTests).
let assetCorpusFolder: String? = {
    let fm = FileManager.default
    if let env = ProcessInfo.processInfo.environment["ANIMEXPORT_LOTTIE_CORPUS"], fm.fileExists(atPath: env) { return env }
    let parent = URL(fileURLWithPath: renderTestsFolder).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
        .map { parent.appendingPathComponent($0).appendingPathComponent("lottie/samples").path }
        .first { fm.fileExists(atPath: $0) }
}()

func infoJSON(_ args: [String]) throws -> [String: Any] {
    let run = try animexport(["info", "--json"] + args, cwd: NSTemporaryDirectory())
    #expect(run.status == 0, "\(args): \(run.stderr)")
    return (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
}

func problems(_ info: [String: Any]) -> [String] {
    let animation = (info["animation"] as? [String: Any]) ?? info
    return ((animation["imageProblems"] as? [[String: String]]) ?? []).map { "\($0["where"] ?? ""): \($0["message"] ?? "")" }
}

@Suite("LottieAssetCorpus") struct LottieAssetCorpusTests {
    @Test(.enabled(if: assetCorpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func everyArchiveOpensAndItsImagesLoad() throws {
        let folder = try #require(assetCorpusFolder)
        let archives = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".lottie") }.sorted()
        #expect(archives.count >= 11)
        var animations = 0, withImages = 0
        for name in archives {
            let info = try infoJSON([folder + "/" + name])
            let ids = ((info["archive"] as? [String: Any])?["animations"] as? [[String: String]] ?? []).compactMap { $0["id"] }
            #expect(!ids.isEmpty, "\(name)")
            for id in ids.dropFirst() { _ = try infoJSON([folder + "/" + name, "--animation", id]) }
            animations += ids.count
            let found = problems(info)
            if name.hasSuffix("issue_2269.lottie") {
                #expect(found.count == 2 && found.allSatisfy { $0.contains("not in the archive") }, "\(found)")
            } else {
                #expect(found.isEmpty, "\(name): \(found)")
            }
            let features = (((info["animation"] as? [String: Any])?["features"] as? [[String: Any]]) ?? []).compactMap { $0["feature"] as? String }
            if features.contains("image layers") { withImages += 1 }
        }
        #expect(withImages >= 4)
        print("dotLottie corpus: \(archives.count) archives, \(animations) animations, \(withImages) with image layers")
    }

    @Test(.enabled(if: assetCorpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func jsonFilesWithImages() throws {
        let folder = try #require(assetCorpusFolder)
        #expect(problems(try infoJSON([folder + "/Nonanimating/base64Test.json"])).isEmpty)
        let dog = problems(try infoJSON([folder + "/Nonanimating/dog.json"]))
        #expect(dog.count == 1 && dog[0].contains("dog.png") && dog[0].contains("no such file"), "\(dog)")
    }

    /// base64Test.json's image is drawn 1:1 at the origin: every canvas pixel is its texel (±1).
    @Test(.enabled(if: assetCorpusFolder != nil && LottieCoverage.rendererDrawsImages))
    func embeddedCorpusImageRendersPixelForPixel() throws {
        let folder = try #require(assetCorpusFolder) + "/Nonanimating"
        var animation = try LottieDecoder.load(path: folder + "/base64Test.json")
        animation.loadImages(using: TestImageLoader(folder: folder))
        let image = try #require(animation.bitmaps["image_0"])
        #expect(image.bitmap.width == 442 && image.bitmap.height == 440)
        var list = DisplayList()
        LottieBuilder(animation).build(atSeconds: 0, into: &list)
        let canvas = Canvas(width: 442, height: 440)
        #expect(Renderer().render(list, background: .clear, transform: .identity, on: canvas).isFaithful)
        var worst = 0
        for y in 0..<440 {
            for x in 0..<442 {
                let a = canvas[x, y], b = image.bitmap.pixels[y * 442 + x]
                worst = max(worst, [abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a))].max()!)
            }
        }
        #expect(worst <= 1, "largest difference \(worst)")
    }
}
