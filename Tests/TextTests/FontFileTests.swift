// FontFileTests.swift — fonts are untrusted input: only regular files (symlinks followed) of at
// most FontFile.maxBytes are read, FIFOs and devices are refused without blocking, and a corrupt
// font is one line naming the file.

import Foundation
import Testing
@testable import Text

/// A fresh folder under /tmp, removed by `remove()`.
private struct Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "animexport-fontfile-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs `body` on its own thread; nil if it has not returned after `seconds` (it is then left
/// running). Bounds a font load that would block forever (a FIFO opened for reading waits for
/// a writer); a refused load takes well under a millisecond.
private func finishes<T: Sendable>(within seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Thread.detachNewThread {
        box.set(body())
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.get()
}

private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
    func get() -> T? { lock.lock(); defer { lock.unlock() }; return value }
}

private func loadError(_ path: String) -> FontError? {
    do {
        _ = try Font(path: path, size: 17)
        return nil
    } catch {
        return error
    }
}

@Suite struct FontFileTests {
    @Test func fifoIsRefusedWithoutOpeningIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.path + "/label.otf"
        try #require(mkfifo(fifo, 0o644) == 0)
        let error = finishes(within: 10) { loadError(fifo) }
        #expect(error == .some(.notRegularFile(path: fifo, kind: "a FIFO (named pipe)")), "blocked or accepted")
        #expect(error??.description.contains(fifo) == true)
    }

    @Test func symlinkToAFifoIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.path + "/pipe"
        try #require(mkfifo(fifo, 0o644) == 0)
        let link = scratch.path + "/font.otf"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        let error = finishes(within: 10) { loadError(link) }
        #expect(error == .some(.notRegularFile(path: link, kind: "a FIFO (named pipe)")))
    }

    @Test(arguments: [("/dev/zero", "a character device"), ("/dev/null", "a character device")])
    func devicesAreRefused(path: String, kind: String) {
        let error = finishes(within: 10) { loadError(path) }
        #expect(error == .some(.notRegularFile(path: path, kind: kind)))
    }

    @Test(.enabled(if: TestFonts.haveInter))
    func symlinksToARegularFileAreFollowed() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let link = scratch.path + "/a.otf", chain = scratch.path + "/b.otf"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TestFonts.interBold)
        try FileManager.default.createSymbolicLink(atPath: chain, withDestinationPath: link)
        let font = try Font(path: chain, size: 17)
        #expect(font.familyName == "Inter" && font.path == chain)
        #expect(font.layout(TestFonts.label).advanceWidth == (try Font(path: TestFonts.interBold, size: 17))
            .layout(TestFonts.label).advanceWidth)
    }

    @Test func danglingAndLoopingSymlinks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dangling = scratch.path + "/gone.otf"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: scratch.path + "/nothing")
        #expect(loadError(dangling) == .fileNotFound(path: dangling))
        let loop = scratch.path + "/loop.otf"
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        #expect(loadError(loop) == .unreadable(path: loop, reason: "too many levels of symbolic links"))
    }

    @Test func oversizedFileIsRefusedBeforeReading() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let huge = scratch.path + "/huge.otf"
        try #require(FileManager.default.createFile(atPath: huge, contents: nil))
        try #require(truncate(huge, off_t(FontFile.maxBytes + 1)) == 0, "a sparse file: no disk used")
        #expect(loadError(huge) == .tooLarge(path: huge, bytes: FontFile.maxBytes + 1, limit: FontFile.maxBytes))
        #expect(loadError(huge)?.description == "font file \(huge) is \(FontFile.maxBytes + 1) bytes; the limit is \(FontFile.maxBytes) bytes (64 MiB)")
    }

    @Test func emptyFileIsNotAFont() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let empty = scratch.path + "/empty.ttf"
        try #require(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(loadError(empty) == .notAFont(path: empty, reason: "the file is empty"))
    }

    @Test(.enabled(if: TestFonts.haveInter), arguments: [12, 1000, 50_000, 200_000])
    func truncatedFontIsOneLineNamingTheFile(keep: Int) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cut = scratch.path + "/cut.otf"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestFonts.interBold))
        try bytes.prefix(keep).write(to: URL(fileURLWithPath: cut))
        // FreeType or HarfBuzz may refuse it at load; if a prefix still loads, laying out and
        // drawing must not crash, and glyphs that fail say so.
        if let error = loadError(cut) {
            #expect(error.description.contains(cut))
            #expect(!error.description.contains("\n"))
        } else {
            let line = try Font(path: cut, size: 17).layout(TestFonts.label)
            #expect(line.glyphs.count == 20 || !line.warnings.isEmpty)
        }
    }

    @Test func unreadableFileSaysWhy() throws {
        guard getuid() != 0 else { return }     // root reads everything; nothing to observe
        let scratch = try Scratch()
        defer { scratch.remove() }
        let locked = scratch.path + "/locked.otf"
        try #require(FileManager.default.createFile(atPath: locked, contents: Data([1, 2, 3]),
                                                    attributes: [.posixPermissions: 0]))
        #expect(loadError(locked) == .unreadable(path: locked, reason: "Permission denied"))
    }
}
