// GPOS.swift — a minimal OpenType GPOS reader: pair-adjustment kerning (the 'kern' feature).
//
// FreeType does no OpenType layout, and fonts such as Inter keep their kerning only in GPOS
// (Inter 4.0 ships no legacy 'kern' table). This file reads the raw GPOS and GDEF tables (bytes
// from FT_Load_Sfnt_Table) and applies exactly this subset of the OpenType 1.9 spec:
//
//   GPOS header (1.0/1.1) → ScriptList → script 'latn', else 'DFLT', else the first script →
//   its default LangSys (no language systems) → FeatureList records tagged 'kern' (plus the
//   required feature when it is a 'kern' feature) → LookupList, applied in lookup-list order:
//     * lookup type 2, PairPos format 1 (Coverage + PairSets of (secondGlyph, ValueRecord ×2),
//       binary-searched) and format 2 (Coverage + ClassDef1/ClassDef2 + class matrix);
//     * lookup type 9 (Extension) wrapping type 2;
//     * other lookup types (e.g. chained contextual kerning) are listed in `unsupportedLookups`
//       and ignored.
//   Lookup flags: IgnoreBaseGlyphs / IgnoreLigatures / IgnoreMarks, MarkAttachmentType and
//   UseMarkFilteringSet, using the GDEF glyph class, mark-attachment class and mark-glyph-set
//   tables; without GDEF no glyph is skipped. RightToLeft and the cursive flag do not matter here.
//   ValueRecords: X/Y placement and X/Y advance; device / variation-index tables are ignored
//   (they only carry hinting deltas or variable-font deltas).
//
// Pair application (per lookup, as in the spec and HarfBuzz): at glyph i the next glyph j that
// the lookup flags do not skip forms the pair; the first subtable that matches applies value 1 to
// i and value 2 to j; iteration continues at j, or after j when the subtable's valueFormat2 is
// non-zero. A format 1 subtable matches only if the pair is listed; a format 2 subtable matches
// whenever glyph i is covered and both classes are in range (zero values included).
//
// All values are in font design units. The tables are big-endian; every read is bounds-checked
// and reads past the end yield 0, so a truncated or corrupt table gives wrong-but-finite kerning,
// never a crash.

/// Big-endian reads from a font table; out-of-range reads return 0.
struct FontTableBytes: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count - length
    }

    func u16(_ offset: Int) -> Int {
        guard contains(offset, length: 2) else { return 0 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func i16(_ offset: Int) -> Int {
        Int(Int16(truncatingIfNeeded: u16(offset)))
    }

    func u32(_ offset: Int) -> Int {
        u16(offset) << 16 | u16(offset + 2)
    }

    /// A four-character tag such as "kern".
    func tag(_ offset: Int) -> String {
        guard contains(offset, length: 4) else { return "" }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    /// `u16(base + 2·index)`-style array element, nil when `index` is outside `0..<count`.
    func u16(array base: Int, index: Int, count: Int) -> Int? {
        guard index >= 0, index < count else { return nil }
        return u16(base + 2 * index)
    }
}

/// OpenType Coverage table (formats 1 and 2): glyph → coverage index.
struct Coverage {
    let table: FontTableBytes
    let offset: Int

    func index(of glyph: Int) -> Int? {
        let format = table.u16(offset)
        let count = table.u16(offset + 2)
        var low = 0
        var high = count - 1
        switch format {
        case 1:
            while low <= high {
                let mid = (low + high) / 2
                let g = table.u16(offset + 4 + 2 * mid)
                if g == glyph { return mid }
                if g < glyph { low = mid + 1 } else { high = mid - 1 }
            }
        case 2:
            while low <= high {
                let mid = (low + high) / 2
                let record = offset + 4 + 6 * mid
                let start = table.u16(record)
                let end = table.u16(record + 2)
                if glyph < start {
                    high = mid - 1
                } else if glyph > end {
                    low = mid + 1
                } else {
                    return table.u16(record + 4) + glyph - start
                }
            }
        default:
            break
        }
        return nil
    }
}

/// OpenType ClassDef table (formats 1 and 2): glyph → class (0 when not listed).
struct ClassDefinition {
    let table: FontTableBytes
    let offset: Int

    func classOf(_ glyph: Int) -> Int {
        switch table.u16(offset) {
        case 1:
            let start = table.u16(offset + 2)
            let count = table.u16(offset + 4)
            guard glyph >= start, glyph < start + count else { return 0 }
            return table.u16(offset + 6 + 2 * (glyph - start))
        case 2:
            var low = 0
            var high = table.u16(offset + 2) - 1
            while low <= high {
                let mid = (low + high) / 2
                let record = offset + 4 + 6 * mid
                if glyph < table.u16(record) {
                    high = mid - 1
                } else if glyph > table.u16(record + 2) {
                    low = mid + 1
                } else {
                    return table.u16(record + 4)
                }
            }
            return 0
        default:
            return 0
        }
    }
}

/// The parts of GDEF that lookup flags need: glyph classes (1 base, 2 ligature, 3 mark,
/// 4 component), mark attachment classes and mark glyph sets (GDEF 1.2).
struct GlyphDefinitions {
    private let glyphClasses: ClassDefinition?
    private let markAttachClasses: ClassDefinition?
    private let markGlyphSets: [Coverage]

    init?(_ table: FontTableBytes) {
        guard table.count >= 12, table.u16(0) == 1 else { return nil }
        let classOffset = table.u16(4)
        let attachOffset = table.u16(10)
        glyphClasses = classOffset == 0 ? nil : ClassDefinition(table: table, offset: classOffset)
        markAttachClasses = attachOffset == 0 ? nil : ClassDefinition(table: table, offset: attachOffset)
        var sets: [Coverage] = []
        if table.u16(2) >= 2, case let setsOffset = table.u16(12), setsOffset != 0 {
            let count = table.u16(setsOffset + 2)
            for i in 0..<count {
                sets.append(Coverage(table: table, offset: setsOffset + table.u32(setsOffset + 4 + 4 * i)))
            }
        }
        markGlyphSets = sets
    }

    func glyphClass(_ glyph: Int) -> Int { glyphClasses?.classOf(glyph) ?? 0 }

    /// Whether a lookup with `flags` (and mark filtering set `filterSet`) skips `glyph`.
    func skips(_ glyph: Int, flags: Int, filterSet: Int?) -> Bool {
        switch glyphClass(glyph) {
        case 1: return flags & 0x2 != 0
        case 2: return flags & 0x4 != 0
        case 3:
            if flags & 0x8 != 0 { return true }
            if flags & 0x10 != 0, let set = filterSet {
                return set >= markGlyphSets.count || markGlyphSets[set].index(of: glyph) == nil
            }
            let attachType = flags >> 8
            if attachType != 0 { return markAttachClasses?.classOf(glyph) != attachType }
            return false
        default:
            return false
        }
    }
}

/// A GPOS ValueRecord, in design units (device tables dropped).
public struct PositionAdjustment: Equatable, Sendable {
    public var xPlacement = 0
    public var yPlacement = 0
    public var xAdvance = 0
    public var yAdvance = 0

    public init(xPlacement: Int = 0, yPlacement: Int = 0, xAdvance: Int = 0, yAdvance: Int = 0) {
        self.xPlacement = xPlacement
        self.yPlacement = yPlacement
        self.xAdvance = xAdvance
        self.yAdvance = yAdvance
    }

    public static let zero = PositionAdjustment()
    public var isZero: Bool { self == .zero }

    static func += (lhs: inout PositionAdjustment, rhs: PositionAdjustment) {
        lhs.xPlacement += rhs.xPlacement
        lhs.yPlacement += rhs.yPlacement
        lhs.xAdvance += rhs.xAdvance
        lhs.yAdvance += rhs.yAdvance
    }
}

/// One PairPos subtable (format 1 or 2); `offset` is its start in the GPOS table.
struct PairPositioning {
    let table: FontTableBytes
    let offset: Int

    var format: Int { table.u16(offset) }
    var valueFormat1: Int { table.u16(offset + 4) }
    var valueFormat2: Int { table.u16(offset + 6) }

    static func recordSize(_ valueFormat: Int) -> Int { 2 * (valueFormat & 0xFF).nonzeroBitCount }

    func valueRecord(at position: Int, format: Int) -> PositionAdjustment {
        var value = PositionAdjustment()
        var p = position
        if format & 0x1 != 0 { value.xPlacement = table.i16(p); p += 2 }
        if format & 0x2 != 0 { value.yPlacement = table.i16(p); p += 2 }
        if format & 0x4 != 0 { value.xAdvance = table.i16(p); p += 2 }
        if format & 0x8 != 0 { value.yAdvance = table.i16(p) }
        return value
    }

    /// The adjustments of the pair (first, second), or nil if this subtable does not match it.
    func adjustments(_ first: Int, _ second: Int) -> (PositionAdjustment, PositionAdjustment)? {
        let format1 = valueFormat1
        let format2 = valueFormat2
        let size1 = Self.recordSize(format1)
        let size2 = Self.recordSize(format2)
        guard let coverageIndex = Coverage(table: table, offset: offset + table.u16(offset + 2)).index(of: first)
        else { return nil }
        switch format {
        case 1:
            guard let setOffset = table.u16(array: offset + 10, index: coverageIndex, count: table.u16(offset + 8))
            else { return nil }
            let pairSet = offset + setOffset
            let recordSize = 2 + size1 + size2
            var low = 0
            var high = table.u16(pairSet) - 1
            while low <= high {
                let mid = (low + high) / 2
                let record = pairSet + 2 + mid * recordSize
                let glyph = table.u16(record)
                if glyph == second {
                    return (valueRecord(at: record + 2, format: format1),
                            valueRecord(at: record + 2 + size1, format: format2))
                }
                if glyph < second { low = mid + 1 } else { high = mid - 1 }
            }
            return nil
        case 2:
            let class1 = ClassDefinition(table: table, offset: offset + table.u16(offset + 8)).classOf(first)
            let class2 = ClassDefinition(table: table, offset: offset + table.u16(offset + 10)).classOf(second)
            let class1Count = table.u16(offset + 12)
            let class2Count = table.u16(offset + 14)
            guard class1 < class1Count, class2 < class2Count else { return nil }
            let record = offset + 16 + (class1 * class2Count + class2) * (size1 + size2)
            return (valueRecord(at: record, format: format1), valueRecord(at: record + size1, format: format2))
        default:
            return nil
        }
    }
}

/// The 'kern' feature of a GPOS table, reduced to its pair-positioning lookups.
struct GPOSKerning: Sendable {
    /// Script whose default language system was used ("latn", "DFLT", …).
    let script: String
    /// Indices (in the LookupList) of the pair-adjustment lookups applied, in order.
    var lookupIndices: [Int] { lookups.map(\.index) }
    /// Lookups of the 'kern' feature that are not pair adjustments, as "index:type"; ignored.
    let unsupportedLookups: [String]

    private let table: FontTableBytes
    private let lookups: [PairLookupStorage]
    private let definitions: GlyphDefinitions?

    /// A pair-positioning lookup: its flags and the offsets of its (type 2) subtables in order.
    private struct PairLookupStorage: Sendable {
        let index: Int
        let flags: Int
        let markFilteringSet: Int?
        let subtableOffsets: [Int]
    }

    /// Parses `gpos` (and optionally `gdef`); nil when the table is not GPOS 1.x or has no
    /// 'kern' feature for the chosen script.
    init?(gpos: [UInt8], gdef: [UInt8]?) {
        let table = FontTableBytes(gpos)
        guard table.count >= 10, table.u16(0) == 1 else { return nil }
        let scriptList = table.u16(4)
        let featureList = table.u16(6)
        let lookupList = table.u16(8)

        // Script: 'latn', else 'DFLT', else the first one.
        let scriptCount = table.u16(scriptList)
        var scripts: [(tag: String, offset: Int)] = []
        for i in 0..<scriptCount {
            let record = scriptList + 2 + 6 * i
            scripts.append((table.tag(record), scriptList + table.u16(record + 4)))
        }
        guard let chosen = scripts.first(where: { $0.tag == "latn" }) ?? scripts.first(where: { $0.tag == "DFLT" })
            ?? scripts.first else { return nil }
        let defaultLangSys = table.u16(chosen.offset)
        guard defaultLangSys != 0 else { return nil }
        let langSys = chosen.offset + defaultLangSys
        var featureIndices: [Int] = []
        let required = table.u16(langSys + 2)
        if required != 0xFFFF { featureIndices.append(required) }
        for i in 0..<table.u16(langSys + 4) { featureIndices.append(table.u16(langSys + 6 + 2 * i)) }

        // Features tagged 'kern' → lookup indices.
        let featureCount = table.u16(featureList)
        var lookupIndices = Set<Int>()
        for feature in featureIndices where feature < featureCount {
            let record = featureList + 2 + 6 * feature
            guard table.tag(record) == "kern" else { continue }
            let featureTable = featureList + table.u16(record + 4)
            for k in 0..<table.u16(featureTable + 2) { lookupIndices.insert(table.u16(featureTable + 4 + 2 * k)) }
        }
        guard !lookupIndices.isEmpty else { return nil }

        // Lookups, in lookup-list order.
        let lookupCount = table.u16(lookupList)
        var lookups: [PairLookupStorage] = []
        var unsupported: [String] = []
        for index in lookupIndices.sorted() where index < lookupCount {
            let lookup = lookupList + table.u16(lookupList + 2 + 2 * index)
            let type = table.u16(lookup)
            let flags = table.u16(lookup + 2)
            let subtableCount = table.u16(lookup + 4)
            var offsets: [Int] = []
            var types = Set<Int>()
            for s in 0..<subtableCount {
                var subtable = lookup + table.u16(lookup + 6 + 2 * s)
                var subtableType = type
                if type == 9, table.u16(subtable) == 1 {
                    subtableType = table.u16(subtable + 2)
                    subtable += table.u32(subtable + 4)
                }
                types.insert(subtableType)
                if subtableType == 2 { offsets.append(subtable) }
            }
            let filterSet = flags & 0x10 != 0 ? table.u16(lookup + 6 + 2 * subtableCount) : nil
            if !offsets.isEmpty {
                lookups.append(PairLookupStorage(index: index, flags: flags, markFilteringSet: filterSet,
                                                 subtableOffsets: offsets))
            }
            for other in types.subtracting([2]).sorted() { unsupported.append("\(index):\(other)") }
        }
        self.script = chosen.tag
        self.table = table
        self.lookups = lookups
        self.unsupportedLookups = unsupported
        self.definitions = gdef.flatMap { GlyphDefinitions(FontTableBytes($0)) }
    }

    /// Per-glyph adjustments (design units) for the glyph run `glyphs`, all lookups applied.
    func adjustments(for glyphs: [Int]) -> [PositionAdjustment] {
        var result = [PositionAdjustment](repeating: .zero, count: glyphs.count)
        for lookup in lookups {
            let subtables = lookup.subtableOffsets.map { PairPositioning(table: table, offset: $0) }
            func skipped(_ k: Int) -> Bool {
                definitions?.skips(glyphs[k], flags: lookup.flags, filterSet: lookup.markFilteringSet) ?? false
            }
            var i = 0
            while i < glyphs.count {
                if skipped(i) { i += 1; continue }
                var j = i + 1
                while j < glyphs.count, skipped(j) { j += 1 }
                guard j < glyphs.count else { break }
                var next = j
                for subtable in subtables {
                    guard let (first, second) = subtable.adjustments(glyphs[i], glyphs[j]) else { continue }
                    result[i] += first
                    result[j] += second
                    if subtable.valueFormat2 != 0 { next = j + 1 }
                    break
                }
                i = next
            }
        }
        return result
    }

    /// The adjustments of the isolated pair (first, second).
    func pair(_ first: Int, _ second: Int) -> (PositionAdjustment, PositionAdjustment) {
        let values = adjustments(for: [first, second])
        return (values[0], values[1])
    }
}
