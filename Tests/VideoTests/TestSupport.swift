import Testing
@testable import Video
#if canImport(Glibc)
import Glibc
#endif

/// A fresh empty directory under /tmp, removed (recursively) by `cleanup()`.
struct TempDir: ~Copyable {
    let path: String

    init() {
        var template = Array("/tmp/videotests.XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(p != nil, "mkdtemp failed")
        path = String(cString: p!)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Names in the directory (including hidden ones), sorted.
    func entries() -> [String] { listDirectory(path) }

    deinit { removeTree(path) }
}

func listDirectory(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let e = readdir(dir) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
            String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

func removeTree(_ path: String) {
    var st = stat()
    guard lstat(path, &st) == 0 else { return }
    if (st.st_mode & S_IFMT) == S_IFDIR {
        _ = chmod(path, 0o755)
        for name in listDirectory(path) { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

func fileBytes(_ path: String) -> [UInt8]? {
    try? FileSupport.readAll(path)
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

/// A solid opaque RGBA frame.
func solidFrame(width: Int, height: Int, r: UInt8, g: UInt8, b: UInt8) -> [UInt8] {
    var px = [UInt8](repeating: 255, count: width * height * 4)
    for i in 0..<(width * height) {
        px[4 * i] = r; px[4 * i + 1] = g; px[4 * i + 2] = b
    }
    return px
}

/// A smooth moving gradient (no hard edges): every pixel changes each frame.
func gradientFrame(width: Int, height: Int, index: Int) -> [UInt8] {
    var px = [UInt8](repeating: 255, count: width * height * 4)
    let t = Double(index) * 0.05
    for y in 0..<height {
        for x in 0..<width {
            let u = Double(x) / Double(width), v = Double(y) / Double(height)
            let r = 128 + 100 * sin(2 * Double.pi * (u * 0.8 + t))
            let g = 128 + 100 * sin(2 * Double.pi * (v * 0.7 - t * 0.8) + 1)
            let b = 128 + 100 * sin(2 * Double.pi * ((u + v) * 0.5 + t * 0.6) + 2)
            let o = 4 * (y * width + x)
            px[o] = UInt8(r.rounded()); px[o + 1] = UInt8(g.rounded()); px[o + 2] = UInt8(b.rounded())
        }
    }
    return px
}

func settings(_ w: Int, _ h: Int, fps: FrameRate = .fps60, preset: String = "ultrafast") -> H264Settings {
    var s = H264Settings(width: w, height: h, fps: fps)
    s.x264Preset = preset
    return s
}

/// Encodes `count` frames produced by `make` to `path`.
@discardableResult
func encode(_ path: String, _ s: H264Settings, count: Int,
            _ make: (Int) -> [UInt8]) throws -> WriteSummary {
    let w = try MP4Writer(destination: path, settings: s)
    for i in 0..<count { try w.append(rgba: make(i)) }
    return try w.finish()
}

/// Error value of a throwing expression, for pattern checks.
func videoError(_ body: () throws -> Void) -> VideoError? {
    do { try body() } catch let e as VideoError { return e } catch { return nil }
    return nil
}

/// x264's "options:" SEI string from a file, as key → value ("keyint" → "10").
func x264Options(_ path: String) -> [String: String] {
    guard let bytes = fileBytes(path) else { return [:] }
    let marker = Array("options: ".utf8)
    guard let start = bytes.firstRange(of: marker)?.upperBound else { return [:] }
    var end = start
    while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x7f { end += 1 }
    var result: [String: String] = [:]
    for item in String(decoding: bytes[start..<end], as: UTF8.self).split(separator: " ") {
        let kv = item.split(separator: "=", maxSplits: 1)
        if kv.count == 2 { result[String(kv[0])] = String(kv[1]) }
    }
    return result
}

/// PSNR in dB over the RGB channels.
func psnr(squaredError: Double, samples: Double) -> Double {
    squaredError == 0 ? .infinity : 10 * log10(255 * 255 / (squaredError / samples))
}
