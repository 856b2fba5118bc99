// Fixture access for Media's tests (Fixtures/: small files written for them — see README there).
import Foundation

enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// A fresh scratch folder.
    static func scratch(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "media-tests-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// The 4×2 picture in rgba4x2.png/.webp, straight RGBA, row by row.
let rgba4x2: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255],
                          [255, 128, 0, 128], [0, 0, 0, 255], [0, 0, 0, 0], [128, 128, 128, 255]]
