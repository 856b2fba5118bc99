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

/// Big-endian reads from a byte array (out-of-range reads are 0): the tests' own view of a
/// font file, independent of FreeType and HarfBuzz.
struct BigEndianBytes {
    let bytes: [UInt8]

    func u16(_ offset: Int) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func i16(_ offset: Int) -> Int { Int(Int16(truncatingIfNeeded: u16(offset))) }
    func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
    func tag(_ offset: Int) -> String {
        String(decoding: (0..<4).map { bytes.indices.contains(offset + $0) ? bytes[offset + $0] : 0 }, as: UTF8.self)
    }
}

/// Reads the SFNT table directory and whole tables straight from the file bytes.
struct SFNTFile {
    let bytes: [UInt8]
    let tables: [String: (offset: Int, length: Int)]

    init(path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let reader = BigEndianBytes(bytes: bytes)
        var tables: [String: (Int, Int)] = [:]
        for i in 0..<reader.u16(4) {
            let record = 12 + 16 * i
            tables[reader.tag(record)] = (reader.u32(record + 8), reader.u32(record + 12))
        }
        self.tables = tables
    }

    func table(_ tag: String) -> BigEndianBytes? {
        guard let (offset, length) = tables[tag] else { return nil }
        return BigEndianBytes(bytes: Array(bytes[offset..<offset + length]))
    }
}

/// The font files fontconfig lists as having `scalar` (the `fc-list` command, not our code).
func filesCovering(_ scalar: Unicode.Scalar) -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
    process.arguments = [":charset=\(String(scalar.value, radix: 16))", "file"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return [] }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
        .map { line in String(line.split(separator: ":").first ?? line).trimmingCharacters(in: .whitespaces) }
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
