// A disk that fills mid-render: a clear error, exit 1, the destination untouched, no partial
// file left. Two ways to run out of space: a file-size limit (ulimit -f, works for any user:
// writes fail with EFBIG, SIGXFSZ is ignored by animexport) and, where the test may mount, a
// 256 KiB tmpfs (ENOSPC).
import Foundation
import Testing

@Suite(.serialized) struct FullDisk {
    func render(in folder: String, shellPrefix: String) throws -> RunResult {
        try run(["-c", "\(shellPrefix) exec '\(binaryPath())' pulse --seconds 10 --x264-preset ultrafast -y out.mp4"],
                cwd: folder, executable: "/bin/bash")
    }

    @Test func fileSizeLimit() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        _ = FileManager.default.createFile(atPath: folder + "/out.mp4", contents: Data("previous".utf8))
        let r = try render(in: folder, shellPrefix: "ulimit -f 64;")
        #expect(r.status == 1, "status \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("File too large"), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: folder + "/out.mp4") == Data("previous".utf8))
        #expect(listing(folder) == ["out.mp4"])
    }

    @Test func smallTmpfs() throws {
        let folder = try scratchFolder()
        defer { cleanup(folder) }
        let mount = try run(["-c", "mount -t tmpfs -o size=256k tmpfs '\(folder)'"], executable: "/bin/bash")
        guard mount.status == 0 else {
            // Not permitted here (not root / no CAP_SYS_ADMIN): the file-size-limit test covers it.
            print("FullDisk.smallTmpfs: skipped, cannot mount tmpfs (\(mount.stderr.trimmingCharacters(in: .whitespacesAndNewlines)))")
            return
        }
        defer { _ = try? run(["-c", "umount '\(folder)'"], executable: "/bin/bash") }
        let r = try render(in: folder, shellPrefix: "")
        #expect(r.status == 1, "status \(r.status): \(r.stderr)")
        #expect(r.stderr.contains("No space left on device"), "\(r.stderr)")
        #expect(listing(folder).isEmpty, "\(listing(folder))")
    }
}
