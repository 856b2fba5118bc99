// DigestTests.swift — SHA-256 through libavutil's av_sha: more FIPS 180-4 vectors (the 896-bit
// message), updates split at every offset of two blocks, and files against coreutils'
// sha256sum (an independent implementation), including the font reader's path.
import TestSupport
import Foundation
import Testing
@testable import AnimExport

@Suite struct DigestTests {
    @Test func fips896BitMessage() {
        let m = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hex(m) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func splitUpdatesGiveTheSameDigest() {
        // Seeded bytes: 128 (two blocks) + 7, split at every offset into two updates.
        var rng = SeededGenerator(seed: 0x5eed_0015)
        let bytes = (0..<135).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let whole = SHA256.hex(Data(bytes))
        for cut in 0...bytes.count {
            var s = SHA256()
            s.update(bytes[..<cut])
            s.update(Data(bytes[cut...]))
            #expect(s.finalize() == whole, "cut at \(cut)")
        }
    }

    @Test func filesAgreeWithSha256sum() throws {
        let folder = NSTemporaryDirectory() + "animexport-digest-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var rng = SeededGenerator(seed: 42)
        // 0 bytes, one byte, a block edge, and more than one 1 MiB read chunk.
        for size in [0, 1, 64, 3 << 20 | 5] {
            let path = folder + "/f\(size)"
            try Data((0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }).write(to: URL(fileURLWithPath: path))
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            p.arguments = [path]
            let out = Pipe()
            p.standardOutput = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            let expected = String(text.prefix(64))
            let digest = try #require(SHA256.file(path))
            #expect(digest.sha256 == expected && digest.bytes == size, "\(size) bytes")
            if size > 0 { #expect(SHA256.font(path)?.sha256 == expected) }
        }
        #expect(SHA256.font("/dev/zero") == nil, "the font reader refuses devices")
        #expect(SHA256.file("/dev/zero") == nil, "a device is not hashed (it never ends)")
        let fifo = folder + "/fifo"
        try #require(mkfifo(fifo, 0o644) == 0)
        #expect(SHA256.file(fifo) == nil, "a FIFO is refused without waiting for a writer")
    }
}

