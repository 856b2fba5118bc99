// ZipArchive: entries listed and read with libzip, under caps; traversal and bombs refused.
import Testing
@testable import Media

@Suite struct ZipArchiveTests {
    @Test func listsAndReadsEntries() throws {
        let zip = try ZipArchive(path: Fixture.folder + "/normal.zip")
        #expect(zip.entries.map(\.name) == ["manifest.json", "images/p.png"])   // the directory is not an entry
        let manifest = try zip.read(try #require(zip.entry(named: "manifest.json")))
        #expect(String(decoding: manifest, as: UTF8.self) == #"{"animations":[{"id":"a"}]}"#)
        let png = try zip.read(try #require(zip.entry(named: "images/p.png")))
        #expect(png == (try Fixture.bytes("rgba4x2.png")))
        #expect(zip.entry(named: "images") == nil)
    }

    @Test func traversalIsRefused() throws {
        let error = #expect(throws: MediaError.self) { try ZipArchive(path: Fixture.folder + "/traversal.zip") }
        #expect(error?.message.contains("../escape.txt") == true)
    }

    @Test func bombIsRefusedByRatio() throws {
        let error = #expect(throws: MediaError.self) { try ZipArchive(path: Fixture.folder + "/bomb.zip") }
        #expect(error?.message.contains("zip bomb") == true)
    }

    @Test func capsOnEntriesAndExpandedSize() throws {
        var limits = MediaLimits.standard
        limits.maxArchiveEntries = 2   // normal.zip has 3 (one a directory)
        #expect(throws: MediaError.self) { try ZipArchive(path: Fixture.folder + "/normal.zip", limits: limits) }
        limits = .standard
        limits.maxArchiveUncompressedBytes = 100
        #expect(throws: MediaError.self) { try ZipArchive(path: Fixture.folder + "/normal.zip", limits: limits) }
        limits = .standard
        limits.maxArchiveBytes = 400
        #expect(throws: MediaError.self) { try ZipArchive(path: Fixture.folder + "/normal.zip", limits: limits) }
    }

    @Test func entryLongerThanStatedIsAnError() throws {
        let zip = try ZipArchive(path: Fixture.folder + "/lying-size.zip")
        let entry = try #require(zip.entry(named: "a.txt"))
        #expect(entry.size == 5)
        #expect(throws: MediaError.self) { try zip.read(entry) }
    }

    @Test func notAnArchive() throws {
        #expect(throws: MediaError.self) { try ZipArchive(bytes: Array("PK\u{3}\u{4} not really".utf8)) }
        #expect(throws: MediaError.self) { try ZipArchive(bytes: []) }   // libzip would take it as an empty archive
        #expect(throws: MediaError.self) { try ZipArchive(path: "/dev/zero") }
    }
}
