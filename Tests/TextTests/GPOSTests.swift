// GPOSTests.swift — the GPOS pair-kerning reader against hand-assembled tables, so every
// structure (script choice, feature filtering, lookup order, PairPos formats 1 and 2, Extension
// lookups, lookup flags with GDEF, the valueFormat2 skip rule) is pinned independently of any font.

import Testing
@testable import Text

/// Big-endian table assembly.
private struct Bytes {
    var data: [UInt8] = []
    var count: Int { data.count }
    mutating func u16(_ v: Int) { data += [UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    mutating func u32(_ v: Int) { u16(v >> 16); u16(v & 0xFFFF) }
    mutating func tag(_ t: String) { data += Array(t.utf8) }
    mutating func append(_ other: [UInt8]) { data += other }
    mutating func value(_ v: PositionAdjustment, format: Int) {
        if format & 1 != 0 { u16(v.xPlacement & 0xFFFF) }
        if format & 2 != 0 { u16(v.yPlacement & 0xFFFF) }
        if format & 4 != 0 { u16(v.xAdvance & 0xFFFF) }
        if format & 8 != 0 { u16(v.yAdvance & 0xFFFF) }
    }
}

private func coverage1(_ glyphs: [Int]) -> [UInt8] {
    var b = Bytes()
    b.u16(1); b.u16(glyphs.count)
    for g in glyphs { b.u16(g) }
    return b.data
}

private func coverage2(_ ranges: [(Int, Int)]) -> [UInt8] {
    var b = Bytes()
    b.u16(2); b.u16(ranges.count)
    var index = 0
    for (start, end) in ranges { b.u16(start); b.u16(end); b.u16(index); index += end - start + 1 }
    return b.data
}

private func classDef1(start: Int, _ classes: [Int]) -> [UInt8] {
    var b = Bytes()
    b.u16(1); b.u16(start); b.u16(classes.count)
    for c in classes { b.u16(c) }
    return b.data
}

private func classDef2(_ ranges: [(Int, Int, Int)]) -> [UInt8] {
    var b = Bytes()
    b.u16(2); b.u16(ranges.count)
    for (s, e, c) in ranges { b.u16(s); b.u16(e); b.u16(c) }
    return b.data
}

private func xAdvance(_ v: Int) -> PositionAdjustment { PositionAdjustment(xAdvance: v) }

/// PairPos format 1: `sets[i]` lists (second glyph, value 1, value 2) for `firsts[i]`.
private func pairPos1(firsts: [Int], vf1: Int, vf2: Int,
                      sets: [[(Int, PositionAdjustment, PositionAdjustment)]]) -> [UInt8] {
    let recordSize = 2 + 2 * (vf1.nonzeroBitCount + vf2.nonzeroBitCount)
    var setBlobs: [[UInt8]] = []
    for set in sets {
        var b = Bytes()
        b.u16(set.count)
        for (second, v1, v2) in set { b.u16(second); b.value(v1, format: vf1); b.value(v2, format: vf2) }
        #expect(b.count == 2 + set.count * recordSize)
        setBlobs.append(b.data)
    }
    var b = Bytes()
    let header = 10 + 2 * sets.count
    var offset = header + setBlobs.reduce(0) { $0 + $1.count }
    b.u16(1); b.u16(offset); b.u16(vf1); b.u16(vf2); b.u16(sets.count)
    offset = header
    for blob in setBlobs { b.u16(offset); offset += blob.count }
    for blob in setBlobs { b.append(blob) }
    b.append(coverage1(firsts))
    return b.data
}

/// PairPos format 2 with an xAdvance-only value 1 matrix.
private func pairPos2(coverage: [UInt8], classDef1: [UInt8], classDef2: [UInt8], matrix: [[Int]]) -> [UInt8] {
    var b = Bytes()
    let header = 16 + matrix.count * matrix[0].count * 2
    b.u16(2); b.u16(header); b.u16(4); b.u16(0)
    b.u16(header + coverage.count); b.u16(header + coverage.count + classDef1.count)
    b.u16(matrix.count); b.u16(matrix[0].count)
    for row in matrix { for v in row { b.u16(v & 0xFFFF) } }
    b.append(coverage); b.append(classDef1); b.append(classDef2)
    return b.data
}

private func lookup(type: Int, flags: Int = 0, _ subtables: [[UInt8]], filterSet: Int? = nil) -> [UInt8] {
    var b = Bytes()
    b.u16(type); b.u16(flags); b.u16(subtables.count)
    var offset = 6 + 2 * subtables.count + (filterSet == nil ? 0 : 2)
    for s in subtables { b.u16(offset); offset += s.count }
    if let filterSet { b.u16(filterSet) }
    for s in subtables { b.append(s) }
    return b.data
}

private func extensionSubtable(type: Int, _ inner: [UInt8]) -> [UInt8] {
    var b = Bytes()
    b.u16(1); b.u16(type); b.u32(8); b.append(inner)
    return b.data
}

private func gpos(scripts: [(String, [Int])], features: [(String, [Int])], lookups: [[UInt8]]) -> [UInt8] {
    var scriptList = Bytes()
    scriptList.u16(scripts.count)
    var scriptTables: [[UInt8]] = []
    for (_, featureIndices) in scripts {
        var s = Bytes()
        s.u16(4); s.u16(0)                                // default LangSys right after, no LangSys records
        s.u16(0); s.u16(0xFFFF); s.u16(featureIndices.count)
        for f in featureIndices { s.u16(f) }
        scriptTables.append(s.data)
    }
    var offset = 2 + 6 * scripts.count
    for (i, (tag, _)) in scripts.enumerated() { scriptList.tag(tag); scriptList.u16(offset); offset += scriptTables[i].count }
    for t in scriptTables { scriptList.append(t) }

    var featureList = Bytes()
    featureList.u16(features.count)
    offset = 2 + 6 * features.count
    for (tag, lookupIndices) in features { featureList.tag(tag); featureList.u16(offset); offset += 4 + 2 * lookupIndices.count }
    for (_, lookupIndices) in features {
        featureList.u16(0); featureList.u16(lookupIndices.count)
        for l in lookupIndices { featureList.u16(l) }
    }

    var lookupList = Bytes()
    lookupList.u16(lookups.count)
    offset = 2 + 2 * lookups.count
    for l in lookups { lookupList.u16(offset); offset += l.count }
    for l in lookups { lookupList.append(l) }

    var b = Bytes()
    b.u16(1); b.u16(0)
    b.u16(10); b.u16(10 + scriptList.count); b.u16(10 + scriptList.count + featureList.count)
    b.append(scriptList.data); b.append(featureList.data); b.append(lookupList.data)
    return b.data
}

/// GDEF 1.2 with glyph classes, mark attachment classes and mark glyph sets.
private func gdef(classes: [(Int, Int, Int)], attach: [(Int, Int, Int)] = [], markSets: [[Int]] = []) -> [UInt8] {
    let glyphClasses = classDef2(classes)
    let attachClasses = classDef2(attach)
    var sets = Bytes()
    sets.u16(1); sets.u16(markSets.count)
    var offset = 4 + 4 * markSets.count
    let coverages = markSets.map(coverage1)
    for c in coverages { sets.u32(offset); offset += c.count }
    for c in coverages { sets.append(c) }
    var b = Bytes()
    b.u16(1); b.u16(2)
    b.u16(14); b.u16(0); b.u16(0); b.u16(14 + glyphClasses.count); b.u16(14 + glyphClasses.count + attachClasses.count)
    b.append(glyphClasses); b.append(attachClasses); b.append(sets.data)
    return b.data
}

// Glyphs: 10 "A", 20 "V", 30 "T", 40 "o" (bases), 99 and 98 marks.
private let lookup0 = lookup(type: 2, flags: 0x8, [
    pairPos1(firsts: [10, 30], vf1: 4, vf2: 0, sets: [[(20, xAdvance(-50), .zero)], [(20, xAdvance(-11), .zero)]]),
    pairPos1(firsts: [10], vf1: 4, vf2: 1, sets: [[(30, xAdvance(7), PositionAdjustment(xPlacement: 3))]]),
])
private let lookup1 = lookup(type: 9, [extensionSubtable(type: 2, pairPos2(
    coverage: coverage2([(10, 10), (30, 30), (40, 40)]),
    classDef1: classDef1(start: 10, [1] + Array(repeating: 0, count: 19) + [2]),
    classDef2: classDef2([(20, 20, 1), (40, 40, 2)]),
    matrix: [[0, 0, 4], [0, -5, 0], [0, 0, -20]]))])
private let markLookup = lookup(type: 2, [pairPos1(firsts: [10], vf1: 4, vf2: 0, sets: [[(20, xAdvance(-500), .zero)]])])
private let defaultScriptLookup = lookup(type: 2, [pairPos1(firsts: [10], vf1: 4, vf2: 0, sets: [[(20, xAdvance(-999), .zero)]])])
private let contextualLookup = lookup(type: 8, [[0, 3]])

private let table = gpos(
    scripts: [("DFLT", [2]), ("latn", [0, 1])],
    features: [("kern", [1, 0, 4]), ("mark", [2]), ("kern", [3])],
    lookups: [lookup0, lookup1, markLookup, defaultScriptLookup, contextualLookup])
private let glyphDefinitions = gdef(classes: [(10, 40, 1), (98, 99, 3)], attach: [(98, 98, 2), (99, 99, 1)],
                                    markSets: [[98]])

@Suite struct GPOSTests {
    let kerning: GPOSKerning

    init() throws {
        kerning = try #require(GPOSKerning(gpos: table, gdef: glyphDefinitions))
    }

    @Test func picksLatinKernLookupsInLookupListOrder() {
        #expect(kerning.script == "latn")
        #expect(kerning.lookupIndices == [0, 1], "only 'kern' lookups of latn, sorted; 'mark' and DFLT ignored")
        #expect(kerning.unsupportedLookups == ["4:8"])
    }

    @Test func lookupsAccumulate() {
        // Lookup 0 (format 1): −50; lookup 1 (format 2 via Extension): class 1 × class 1 = −5.
        #expect(kerning.pair(10, 20).0 == xAdvance(-55))
        #expect(kerning.pair(10, 20).1 == .zero)
        #expect(kerning.pair(30, 20).0 == xAdvance(-11))
        #expect(kerning.pair(20, 10).0 == .zero, "V is not covered")
    }

    @Test func formatTwoClassesIncludingClassZero() {
        #expect(kerning.pair(30, 40).0 == xAdvance(-20))
        #expect(kerning.pair(40, 40).0 == xAdvance(4), "covered glyph in class 0 still matches")
        #expect(kerning.pair(40, 20).0 == .zero)
    }

    @Test func valueFormat2SkipsTheSecondGlyph() {
        // (10, 30) carries a value for glyph 2, so the next pair starts after it: (30, 20) would
        // be −11 in lookup 0 but is not applied; lookup 1 then sees (10,30) and (30,20) = 0.
        let values = kerning.adjustments(for: [10, 30, 20])
        #expect(values == [xAdvance(7), PositionAdjustment(xPlacement: 3), .zero])
        #expect(kerning.adjustments(for: [20, 30, 20]) == [.zero, xAdvance(-11), .zero])
    }

    @Test func ignoreMarksPairsAcrossAMark() {
        #expect(kerning.adjustments(for: [10, 99, 20]) == [xAdvance(-50), .zero, .zero])
        let withoutGDEF = GPOSKerning(gpos: table, gdef: nil)
        #expect(withoutGDEF?.adjustments(for: [10, 99, 20]) == [.zero, .zero, .zero])
    }

    @Test func lookupFlagsUseGDEFClasses() throws {
        let gdef = try #require(GlyphDefinitions(FontTableBytes(glyphDefinitions)))
        #expect(gdef.glyphClass(10) == 1 && gdef.glyphClass(99) == 3 && gdef.glyphClass(5) == 0)
        #expect(gdef.skips(10, flags: 0x2, filterSet: nil) && !gdef.skips(99, flags: 0x2, filterSet: nil))
        #expect(gdef.skips(99, flags: 0x8, filterSet: nil) && !gdef.skips(10, flags: 0x8, filterSet: nil))
        // MarkAttachmentType 1: marks of another attachment class are skipped.
        #expect(gdef.skips(98, flags: 0x0100, filterSet: nil) && !gdef.skips(99, flags: 0x0100, filterSet: nil))
        // UseMarkFilteringSet 0 = {98}: other marks are skipped.
        #expect(gdef.skips(99, flags: 0x10, filterSet: 0) && !gdef.skips(98, flags: 0x10, filterSet: 0))
    }

    @Test func coverageAndClassDefinitionFormats() {
        let c1 = Coverage(table: FontTableBytes(coverage1([3, 7, 9, 200])), offset: 0)
        #expect([3, 7, 9, 200, 8, 0, 201].map { c1.index(of: $0) } == [0, 1, 2, 3, nil, nil, nil])
        let c2 = Coverage(table: FontTableBytes(coverage2([(5, 9), (20, 20), (30, 31)])), offset: 0)
        #expect([5, 9, 10, 20, 30, 31, 32, 4].map { c2.index(of: $0) } == [0, 4, nil, 5, 6, 7, nil, nil])
        let k1 = ClassDefinition(table: FontTableBytes(classDef1(start: 4, [1, 2, 3])), offset: 0)
        #expect([3, 4, 5, 6, 7].map(k1.classOf) == [0, 1, 2, 3, 0])
        let k2 = ClassDefinition(table: FontTableBytes(classDef2([(2, 3, 5), (10, 12, 6)])), offset: 0)
        #expect([1, 2, 3, 4, 10, 12, 13].map(k2.classOf) == [0, 5, 5, 0, 6, 6, 0])
    }

    @Test func truncatedTablesDoNotCrash() {
        for length in stride(from: 0, through: table.count, by: 7) {
            let cut = GPOSKerning(gpos: Array(table.prefix(length)), gdef: Array(glyphDefinitions.prefix(length / 3)))
            _ = cut?.adjustments(for: [10, 20, 30, 99, 20, 40, 40])
        }
        #expect(GPOSKerning(gpos: [], gdef: nil) == nil)
        #expect(GPOSKerning(gpos: gpos(scripts: [("latn", [0])], features: [("liga", [0])], lookups: [lookup0]),
                            gdef: nil) == nil, "no 'kern' feature → no GPOS kerning")
    }
}
