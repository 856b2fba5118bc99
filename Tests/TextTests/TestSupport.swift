// TestSupport.swift — fonts used by the tests, an independent SFNT table reader, and a
// polygon flattener with the shoelace area, so the tests do not check the module against itself.

import Geometry
import Foundation
@testable import Text

enum TestFonts {
    /// Debian's fonts-inter, Inter Bold (CFF outlines, GPOS kerning, 2816 units per em).
    static let interBold = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"
    /// Debian's fonts-dejavu-core, DejaVu Sans (TrueType quadratic outlines, OS/2 version 1,
    /// both a legacy 'kern' table and GPOS kerning).
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static var haveInter: Bool { FileManager.default.isReadableFile(atPath: interBold) }
    static var haveDejaVu: Bool { FileManager.default.isReadableFile(atPath: dejaVuSans) }

    /// The §2.1 label.
    static let label = "Measuring Heart Rate"
}

/// Reads SFNT tables straight from the file bytes (not through FreeType).
struct SFNTFile {
    let bytes: [UInt8]
    let tables: [String: (offset: Int, length: Int)]

    init(path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let reader = FontTableBytes(bytes)
        var tables: [String: (Int, Int)] = [:]
        for i in 0..<reader.u16(4) {
            let record = 12 + 16 * i
            tables[reader.tag(record)] = (reader.u32(record + 8), reader.u32(record + 12))
        }
        self.tables = tables
    }

    func table(_ tag: String) -> FontTableBytes? {
        guard let (offset, length) = tables[tag] else { return nil }
        return FontTableBytes(Array(bytes[offset..<offset + length]))
    }
}

/// Flattens a path into closed polygons (curves split into `steps` chords each).
func polygons(of path: Path, steps: Int = 64) -> [[Point]] {
    var result: [[Point]] = []
    var current: [Point] = []
    func finish() {
        if current.count > 2 { result.append(current) }
        current = []
    }
    for element in path.elements {
        let last = current.last ?? .zero
        switch element {
        case .move(let p):
            finish()
            current = [p]
        case .line(let p):
            current.append(p)
        case .quad(let p, let c):
            for k in 1...steps {
                let t = Double(k) / Double(steps)
                let u = 1 - t
                current.append(last * (u * u) + c * (2 * u * t) + p * (t * t))
            }
        case .cubic(let p, let c1, let c2):
            for k in 1...steps {
                let t = Double(k) / Double(steps)
                let u = 1 - t
                current.append(last * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p * (t * t * t))
            }
        case .close:
            finish()
        }
    }
    finish()
    return result
}

/// Signed shoelace area of a closed polygon (positive = clockwise on a y-down screen).
func signedArea(_ polygon: [Point]) -> Double {
    var sum = 0.0
    for i in polygon.indices {
        let a = polygon[i]
        let b = polygon[(i + 1) % polygon.count]
        sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
}

/// Sum of coverage / 255 over an A8 mask: the filled area in pixels.
func coveredArea(_ mask: [UInt8]) -> Double {
    Double(mask.reduce(0) { $0 + Int($1) }) / 255
}

/// How many memory mappings of `path` this process has (Linux /proc/self/maps). FreeType's Unix
/// stream mmaps a font file for the lifetime of its face and closes the descriptor, so this
/// counts open faces.
func mappingCount(of path: String) -> Int {
    // Read to EOF with read(2): String(contentsOfFile:) returns only the first 4 KB of a /proc
    // file (its size is reported as 0), which missed mappings placed further down — under
    // AddressSanitizer, whose shadow regions come first, all of them (found by make asan-test).
    let fd = open("/proc/self/maps", O_RDONLY)
    guard fd >= 0 else { return -1 }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter { $0.hasSuffix(path) }.count
}
