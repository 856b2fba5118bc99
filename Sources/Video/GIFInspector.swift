// GIFInspector.swift — walks a GIF's blocks without decoding (GIF89a: header, logical screen
// descriptor, optional global colour table, then extensions 0x21 and images 0x2C, each followed
// by length-prefixed sub-blocks, until the trailer 0x3B) to read what the decoders hide: each
// frame's delay in centiseconds (Graphic Control Extension) and the NETSCAPE2.0 loop count.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum GIFInspector {
    /// Delays (cs) of every frame in order, and the loop count (nil: no NETSCAPE block = play once).
    public static func timing(path: String) throws(VideoError) -> (delays: [Int], loopCount: Int?) {
        let b = try FileSupport.readAll(path)
        guard b.count > 13, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 else { throw .invalidFile(path: path, reason: "not a GIF") }
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) }
        var delays: [Int] = [], loop: Int?
        func skipSubBlocks() { while i < b.count { let n = Int(b[i]); i += 1; if n == 0 { break }; i += n } }
        while i < b.count {
            switch b[i] {
            case 0x21:
                guard i + 2 < b.count else { throw .invalidFile(path: path, reason: "truncated extension") }
                if b[i + 1] == 0xF9, i + 5 < b.count { delays.append(Int(b[i + 4]) | Int(b[i + 5]) << 8) }
                if b[i + 1] == 0xFF, i + 18 < b.count, Array(b[i + 3..<i + 14]) == Array("NETSCAPE2.0".utf8) {
                    loop = Int(b[i + 16]) | Int(b[i + 17]) << 8
                }
                i += 2
                skipSubBlocks()
            case 0x2C:
                guard i + 9 < b.count else { throw .invalidFile(path: path, reason: "truncated image descriptor") }
                let flags = b[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                i += 1
                skipSubBlocks()
            case 0x3B:
                return (delays, loop)
            default:
                throw .invalidFile(path: path, reason: "unknown block 0x\(String(b[i], radix: 16)) at \(i)")
            }
        }
        throw .invalidFile(path: path, reason: "no trailer")
    }
}
