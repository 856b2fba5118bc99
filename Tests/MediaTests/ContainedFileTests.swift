// ContainedFile: only regular files inside the folder are read.
import Foundation
import Testing
@testable import Media

@Suite struct ContainedFileTests {
    @Test func readsFilesInsideTheFolder() throws {
        let dir = try Fixture.scratch("inside")
        try FileManager.default.createDirectory(atPath: dir + "/images", withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: dir + "/images/a.png"))
        #expect(try ContainedFile.read("images/a.png", inFolder: dir, maxBytes: 10) == [1, 2, 3])
        #expect(try ContainedFile.read("./images//a.png", inFolder: dir, maxBytes: 10) == [1, 2, 3])
        // A symlink that stays inside is followed.
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "images/a.png")
        #expect(try ContainedFile.read("link.png", inFolder: dir, maxBytes: 10) == [1, 2, 3])
        #expect(throws: MediaError.self) { try ContainedFile.read("images/a.png", inFolder: dir, maxBytes: 2) }
    }

    @Test func refusesEscapes() throws {
        let dir = try Fixture.scratch("escape")
        let outside = try Fixture.scratch("outside")
        try Data([9]).write(to: URL(fileURLWithPath: outside + "/secret"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/out", withDestinationPath: outside + "/secret")
        try FileManager.default.createSymbolicLink(atPath: dir + "/outdir", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero", withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let cases = [outside + "/secret", "../" + URL(fileURLWithPath: outside).lastPathComponent + "/secret", "sub/../../x",
                     "out", "outdir/secret", "zero", "fifo", "sub", "missing.png", "", "."]
        for name in cases {
            #expect(throws: MediaError.self, "\(name)") { try ContainedFile.read(name, inFolder: dir, maxBytes: 1 << 20) }
        }
    }
}
