// `--gif-palette global|per-frame` and the preset output key `gifPalette`, against the release
// binary: the mode reaches the file (per frame: a local colour table per frame), bad values and
// non-GIF outputs are one-line errors (exit 2) that write nothing.
import Foundation
import Testing
import Video

/// How many image descriptors of a GIF carry a local colour table (GIF89a § 20, packed bit 7).
func localColourTables(_ path: String) -> Int {
    guard let d = FileManager.default.contents(atPath: path) else { return -1 }
    let b = [UInt8](d)
    var i = 13 + ((b[10] & 0x80) != 0 ? 3 << (Int(b[10] & 7) + 1) : 0), count = 0
    func skipSubBlocks() { while i < b.count { let n = Int(b[i]); i += 1; if n == 0 { break }; i += n } }
    while i < b.count {
        switch b[i] {
        case 0x21: i += 2; skipSubBlocks()
        case 0x2C:
            let packed = b[i + 9]
            i += 10
            if packed & 0x80 != 0 { count += 1; i += 3 << (Int(packed & 7) + 1) }
            i += 1; skipSubBlocks()
        default: return count
        }
    }
    return count
}

@Suite struct GIFPaletteCLITests {
    @Test func flagAndPresetKeyReachTheFile() throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let a = try run(["heart", "--size", "96x54", "--frames", "4", "--gif-palette", "per-frame", "a.gif"], cwd: dir)
        #expect(a.status == 0, "\(a.stderr)")
        let b = try run(["heart", "--size", "96x54", "--frames", "4", "b.gif"], cwd: dir)
        #expect(b.status == 0, "\(b.stderr)")
        // libavcodec's gif encoder may give the first frame a local copy of the clip palette.
        let global = localColourTables(dir + "/b.gif"), perFrame = localColourTables(dir + "/a.gif")
        #expect(global >= 0 && global <= 1, "one clip palette: \(global) local tables")
        #expect(perFrame >= 3, "per frame: frames after the first carry their own table (\(perFrame))")
        try FileManager.default.createDirectory(atPath: dir + "/p", withIntermediateDirectories: true)
        try #"{"animation": "heart", "outputs": [{"name": "c.gif", "frames": 4, "size": "96x54", "gifPalette": "per-frame"}]}"#
            .write(toFile: dir + "/p/x.json", atomically: true, encoding: .utf8)
        let c = try run(["batch", dir + "/p", "--out", dir + "/out"], cwd: dir)
        #expect(c.status == 0, "\(c.stderr)")
        #expect(localColourTables(dir + "/out/c.gif") >= 3)
    }

    @Test(arguments: [(["--gif-palette", "local", "o.gif"], "not one of global, per-frame"),
                      (["--gif-palette", "per-frame", "o.mp4"], "only GIF has palettes")])
    func badUseIsAnError(_ c: ([String], String)) throws {
        let dir = try scratchFolder()
        defer { cleanup(dir) }
        let r = try run(["pulse", "--frames", "2"] + c.0, cwd: dir)
        #expect(r.status == 2 && r.stderr.contains(c.1), "\(r.stderr)")
        #expect(listing(dir).isEmpty)
    }
}
