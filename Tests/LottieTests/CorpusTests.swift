// The team's Lottie corpus (185 JSON files and 11 dotLottie archives from lottie-ios' test
// samples, Apache-2.0, © Airbnb) decodes without crashing or hanging; the figures are printed.
import Foundation
import Testing
@testable import Lottie

/// The corpus folder: $ANIMEXPORT_LOTTIE_CORPUS, else `lottie/samples` in a folder beside the
/// repository (where the team's data folder sits), else nil: the corpus tests are skipped.
let corpusFolder: URL? = {
    let fm = FileManager.default
    if let env = ProcessInfo.processInfo.environment["ANIMEXPORT_LOTTIE_CORPUS"], fm.fileExists(atPath: env) {
        return URL(fileURLWithPath: env)
    }
    let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let parent = repo.deletingLastPathComponent()
    let siblings = ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).sorted()
    return siblings.map { parent.appendingPathComponent($0).appendingPathComponent("lottie/samples") }
        .first { fm.fileExists(atPath: $0.path) }
}()

func corpusFiles(_ ext: String) -> [URL] {
    guard let folder = corpusFolder,
          let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return e.compactMap { $0 as? URL }.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
}

@Suite struct CorpusTests {
    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func everyCorpusFileDecodesOrFailsWithOneLine() throws {
        let files = corpusFiles("json")
        #expect(files.count >= 185)
        var decoded = 0, onlyPart1 = 0
        var failures: [String] = []
        var unsupported: [LottieFeature: Int] = [:]
        var heaviest = (work: 0.0, file: "")
        for url in files {
            do {
                let animation = try LottieDecoder.load(path: url.path)
                decoded += 1
                if animation.features.unsupported.isEmpty { onlyPart1 += 1 }
                if animation.frameWork > heaviest.work { heaviest = (animation.frameWork, url.lastPathComponent) }
                for entry in animation.features.unsupported { unsupported[entry.feature, default: 0] += 1 }
            } catch {
                #expect(!error.description.contains("\n"))
                failures.append(error.description)
            }
        }
        print("lottie corpus: \(files.count) JSON files, \(decoded) decode, \(onlyPart1) use only issue-13 features")
        print("  heaviest frame: \(Int(heaviest.work)) layers, shape items and vertices (\(heaviest.file))")
        for f in failures { print("  refused: \(f)") }
        for (feature, n) in unsupported.sorted(by: { $0.value > $1.value }) { print("  \(n) files use \(feature.rawValue)") }
        #expect(decoded == files.count, "\(failures.count) corpus files refused")
    }

    /// The JSON decoder refuses a dotLottie (zip) archive in one line naming what it is (the
    /// archive is opened as one by its .lottie name: DotLottie.swift).
    @Test(.enabled(if: corpusFolder != nil, "no Lottie corpus beside the repository (set ANIMEXPORT_LOTTIE_CORPUS)"))
    func dotLottieArchivesAreRefusedCleanly() {
        let files = corpusFiles("lottie")
        #expect(files.count >= 11)
        for url in files {
            #expect { try LottieDecoder.load(path: url.path) } throws: {
                ($0 as! LottieError).message.contains("a dotLottie (zip) archive named like a JSON file; name it .lottie")
            }
        }
    }
}
