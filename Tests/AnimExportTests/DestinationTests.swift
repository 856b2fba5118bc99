// What OUTPUT may be (issue 15 item 5), against the real binary: -y never replaces a device,
// a FIFO, a socket or a folder (nor writes through a symlink to one); a symlink to a regular
// file is written through (the link stays, the file it points to is replaced, as ffmpeg does);
// a dangling symlink is an existing entry that needs -y (and then the link itself is
// replaced); names up to the file system's limit work, one byte more is an error.
import Foundation
import Testing
import Video

@Suite(.serialized) struct Destinations {
    let render = ["pulse", "--seconds", "0.1", "--scale", "0.25", "--x264-preset", "ultrafast"]

    @Test func nonRegularFilesAreNeverReplaced() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        _ = mkfifo(root + "/fifo.mp4", 0o644)
        try FileManager.default.createSymbolicLink(atPath: root + "/null.mp4", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: root + "/fifolink.mp4", withDestinationPath: root + "/fifo.mp4")
        try FileManager.default.createDirectory(atPath: root + "/dir.mp4", withIntermediateDirectories: true)
        var cases: [(String, String)] = [
            ("fifo.mp4", "is a FIFO (named pipe); only regular files are replaced, even with -y"),
            ("null.mp4", "is a symbolic link to a character device (/dev/null); only regular files are replaced"),
            ("fifolink.mp4", "is a symbolic link to a FIFO (named pipe)"),
            ("dir.mp4", "is a directory"),
        ]
        if runningAsRoot {
            _ = mknod(root + "/dev.mp4", S_IFCHR | 0o644, dev_t(1 << 8 | 3))      // the /dev/null device (major 1, minor 3)
            cases.append(("dev.mp4", "is a character device; only regular files are replaced, even with -y"))
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            let path = root + "/sock.mp4"
            withUnsafeMutableBytes(of: &addr.sun_path) { buf in _ = path.withCString { strncpy(buf.baseAddress!.assumingMemoryBound(to: CChar.self), $0, buf.count - 1) } }
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            close(fd)
            cases.append(("sock.mp4", "is a socket"))
        }
        let before = allFiles(root)
        for (name, message) in cases {
            for still in [false, true] {
                let target = still ? name.replacingOccurrences(of: ".mp4", with: ".png") : name
                if still && !FileManager.default.fileExists(atPath: root + "/" + target) {
                    try? FileManager.default.moveItem(atPath: root + "/" + name, toPath: root + "/" + target)
                }
                let args = still ? ["still", "pulse", "-y", target] : render + ["-y", target]
                let r = try run(args, cwd: root)
                #expect(r.status == 2, "\(target): \(r.stderr)")
                #expect(r.stderr.contains(target + ": " + message), "\(target): \(r.stderr)")
                if still { try? FileManager.default.moveItem(atPath: root + "/" + target, toPath: root + "/" + name) }
            }
        }
        #expect(allFiles(root) == before, "nothing written, nothing replaced")
        var st = stat()
        #expect(lstat(root + "/fifo.mp4", &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func symlinksToFilesAreWrittenThroughAndDanglingOnesNeedY() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/real/target.mp4"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link.mp4", withDestinationPath: "real/target.mp4")
        let without = try run(render + ["link.mp4"], cwd: root)
        #expect(without.status == 2 && without.stderr.contains("link.mp4: already exists; pass -y"), "\(without.stderr)")
        let with = try run(render + ["-y", "link.mp4"], cwd: root)
        #expect(with.status == 0, "\(with.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/link.mp4") == "real/target.mp4", "the link stays")
        #expect(try MP4Reader(path: root + "/real/target.mp4").checkDecode().frames == 6, "the file it points to was replaced")
        #expect(temporaries(root).isEmpty)

        try FileManager.default.createSymbolicLink(atPath: root + "/dangling.mp4", withDestinationPath: "nowhere/x.mp4")
        let d1 = try run(render + ["dangling.mp4"], cwd: root)
        #expect(d1.status == 2 && d1.stderr.contains("dangling.mp4: already exists (a symbolic link to nowhere/x.mp4, which does not exist); pass -y"), "\(d1.stderr)")
        let d2 = try run(render + ["-y", "dangling.mp4"], cwd: root)
        #expect(d2.status == 0, "\(d2.stderr)")
        var st = stat()
        #expect(lstat(root + "/dangling.mp4", &st) == 0 && st.st_mode & S_IFMT == S_IFREG, "the link itself was replaced by the file")
        #expect(!FileManager.default.fileExists(atPath: root + "/nowhere"), "nothing created where it pointed")
    }

    @Test func namesUpToTheFileSystemLimitWork() throws {
        let root = try scratchFolder()
        defer { cleanup(root) }
        let limit = pathconf(root, Int32(_PC_NAME_MAX))
        let longest = String(repeating: "n", count: limit - 4) + ".mp4"
        let r = try run(render + [longest], cwd: root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(listing(root) == [longest])
        let still = String(repeating: "s", count: limit - 4) + ".png"
        #expect(try run(["still", "pulse", still], cwd: root).status == 0)
        let tooLong = String(repeating: "n", count: limit - 3) + ".mp4"
        let e = try run(render + [tooLong], cwd: root)
        #expect(e.status == 2 && e.stderr.contains("the name is \(limit + 1) bytes, longer than the file system's limit of \(limit)"), "\(e.stderr)")
        // In a batch too: an output whose own name fits; its previews' names would not (exit 2 up front).
        let name = String(repeating: "b", count: limit - 4) + ".mp4"
        try write(#"{"animation": "pulse", "seconds": 0.1, "scale": 0.25, "encoder": {"preset": "ultrafast"}, "outputs": [{"name": "\#(name)"}]}"#, root, "p/p.json")
        let b = try run(["batch", "p", "--out", "out"], cwd: root)
        #expect(b.status == 0, "\(b.stderr)")
        #expect(FileManager.default.fileExists(atPath: root + "/out/" + name))
        let bp = try run(["batch", "p", "--out", "out2", "--previews"], cwd: root)
        #expect(bp.status == 2 && bp.stderr.contains("longer than the file system's limit"), "\(bp.stderr)")
        #expect(temporaries(root).isEmpty)
    }

    @Test func temporariesAreRecognisedByTheirOwnPattern() {
        for n in [1, 100, 231, 255] {
            let file = String(repeating: "é", count: n / 2) + String(repeating: "x", count: n % 2)
            #expect(TemporaryFiles.isTemporary("." + file + ".0123456789abcdef.partial", for: file))
            #expect(TemporaryFiles.isTemporary("." + String(file.prefix(3)) + ".0123456789abcdef.partial", for: file), "cut short to fit")
            #expect(!TemporaryFiles.isTemporary("." + file + ".0123456789ABCDEF.partial", for: file), "upper-case hex is not ours")
            #expect(!TemporaryFiles.isTemporary("." + file + ".0123456789abcde.partial", for: file), "15 digits")
            #expect(!TemporaryFiles.isTemporary(".other.0123456789abcdef.partial", for: file))
        }
    }
}
