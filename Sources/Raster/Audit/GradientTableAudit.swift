// GradientTableAudit.swift — audit check `gradient.table`: every entry of a gradient colour table
// (GradientTableFill.swift, four channels per SIMD4<Double>) is byte for byte the scalar reference
// `exactColor(at:)`, over random stops (hard stops and stops at 0 and 1 included), filters (hue
// rotations and matrices that leave [0, 1]) and opacities; and the half-away rounding it uses
// equals `rounded()` on the values where a shortcut would not. See KernelAudit.swift.

enum GradientTableAudit {
    static let names = ["gradient.table"]

    static func run(_ name: String, _ random: inout AuditRandom, _ rounds: Int) -> KernelFinding? {
        guard names.contains(name) else { return nil }
        var finding = KernelFinding(kernel: name)
        checkRounding(&finding)
        for trial in 0..<(40 * rounds) {
            guard let gradient = try? Gradient(stops: randomStops(&random)) else {
                finding.fail("trial \(trial): random stops refused")
                continue
            }
            let filter = randomFilter(&random)
            let opacity = [0, 1, 0.5, Double.random(in: 0...1, using: &random)].randomElement(using: &random)!
            let table = GradientColorTable(gradient: gradient, opacity: opacity, filter: filter)
            for i in 0..<table.count {
                let reference = table.exactColor(at: Double(i) / Double(table.count - 1))
                finding.record(values: 1)
                if table.colors[i] != reference {
                    finding.fail("trial \(trial), entry \(i) of \(table.count): \(table.colors[i]) ≠ reference \(reference)")
                    break
                }
            }
        }
        return finding
    }

    /// Sorted locations with repeats (hard stops), often starting at 0 and ending at 1.
    static func randomStops(_ random: inout AuditRandom) -> [GradientStop] {
        var locations = (0..<Int.random(in: 1...9, using: &random)).map { _ in Double.random(in: 0...1, using: &random) }
        if locations.count > 2 && Bool.random(using: &random) { locations[1] = locations[0] }
        if Bool.random(using: &random) { locations[0] = 0 }
        if Bool.random(using: &random) { locations[locations.count - 1] = 1 }
        return locations.sorted().map { GradientStop(location: $0, color: ScanAudit.randomColor(&random)) }
    }

    static func randomFilter(_ random: inout AuditRandom) -> ColorFilter? {
        switch Int.random(in: 0...2, using: &random) {
        case 0: return nil
        case 1: return .hueRotation(degrees: .random(in: -360...360, using: &random))
        default:
            let rows = (0..<4).map { _ in
                (0..<4).map { _ in Double.random(in: -1.5...1.5, using: &random) } + [Double.random(in: -0.5...0.5, using: &random)]
            }
            return ColorFilter(matrix: ColorMatrix(rows: rows))
        }
    }

    /// `bytesRoundedHalfAway` against `rounded()` at k + ½ and its neighbours for every byte value k,
    /// and just below ½ (where ⌊y + ½⌋ alone rounds up).
    static func checkRounding(_ finding: inout KernelFinding) {
        var values: [Double] = [0, 0.5.nextDown, 0.5, 0.5.nextUp, 1, 254.5.nextUp, 255]
        values += values.map { $0 * 0.999_999_9 }
        for k in 0...254 {
            let half = Double(k) + 0.5
            values += [Double(k), half.nextDown, half, half.nextUp, Double(k).nextUp]
        }
        for y in values {
            let got = GradientColorTable.bytesRoundedHalfAway(SIMD4(repeating: y))
            finding.record(values: 1)
            if got != SIMD4(repeating: UInt8(y.rounded())) { finding.fail("rounding \(y): \(got[0]) ≠ \(y.rounded())") }
        }
    }
}
