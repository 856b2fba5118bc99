// A frame rate as an exact rational: frame i of a stream is at i · den/num seconds, which every
// container here stores exactly (time base den/num). The plan of an export holds one
// (AnimExport's ExportPlan.fps), and every writer takes it in its settings.
/// A frame rate as an exact rational, e.g. 60/1 or 30000/1001 (NTSC 29.97).
///
/// The writer gives frame `i` the timestamp `i` in time base `den/num`, so any
/// rational rate is represented exactly in the file.
public struct FrameRate: Sendable, Hashable, CustomStringConvertible {
    public var num: Int32
    public var den: Int32

    /// Stores the rate reduced to lowest terms (120/2 becomes 60/1). A zero
    /// numerator or denominator (FFmpeg's "unknown") is kept as given.
    public init(num: Int32, den: Int32) {
        var n = num, d = den
        if n != 0 && d != 0 {
            var a = n.magnitude, b = d.magnitude
            while b != 0 { (a, b) = (b, a % b) }
            n /= Int32(a); d /= Int32(a)
            if d < 0 { n = -n; d = -d }
        }
        self.num = n
        self.den = d
    }

    /// Parses "60", "60/1", "30000/1001" or a decimal such as "29.97" or "12.5".
    /// The usual NTSC decimals (23.976, 29.97, 47.952, 59.94, 119.88) map to
    /// their exact N×1000/1001 rates; other decimals are taken literally
    /// ("12.5" → 25/2). Returns nil for anything else or for a rate ≤ 0.
    public init?(parsing text: String) {
        let s = text.filter { $0 != " " }
        if let slash = s.firstIndex(of: "/") {
            guard let n = Int32(s[..<slash]), let d = Int32(s[s.index(after: slash)...]),
                  n > 0, d > 0 else { return nil }
            self.init(num: n, den: d)
            return
        }
        if let n = Int32(s) {
            guard n > 0 else { return nil }
            self.init(num: n, den: 1)
            return
        }
        let ntsc: [String: FrameRate] = [
            "23.976": FrameRate(num: 24000, den: 1001), "23.98": FrameRate(num: 24000, den: 1001),
            "29.97": FrameRate(num: 30000, den: 1001),
            "47.952": FrameRate(num: 48000, den: 1001), "47.95": FrameRate(num: 48000, den: 1001),
            "59.94": FrameRate(num: 60000, den: 1001),
            "119.88": FrameRate(num: 120000, den: 1001),
        ]
        if let r = ntsc[s] { self = r; return }
        // Plain decimal: digits '.' digits, at most 6 fractional digits.
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty || !parts[1].isEmpty,
              parts[1].count <= 6,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<parts[1].count { scale *= 10 }
        guard let whole = Int64(parts[0].isEmpty ? "0" : parts[0]),
              let frac = Int64(parts[1].isEmpty ? "0" : parts[1]) else { return nil }
        let n = whole * scale + frac
        guard n > 0 else { return nil }
        var a = n, b = scale
        while b != 0 { (a, b) = (b, a % b) }
        let rn = n / a, rd = scale / a
        guard rn <= Int64(Int32.max) else { return nil }
        self.init(num: Int32(rn), den: Int32(rd))
    }

    /// Frames per second as a floating-point number.
    public var framesPerSecond: Double { den == 0 ? 0 : Double(num) / Double(den) }

    /// "60/1", "30000/1001" (the way ffprobe prints rates).
    public var description: String { "\(num)/\(den)" }

    public static let fps24 = FrameRate(num: 24, den: 1)
    public static let fps25 = FrameRate(num: 25, den: 1)
    public static let fps30 = FrameRate(num: 30, den: 1)
    public static let fps60 = FrameRate(num: 60, den: 1)
    public static let ntsc2997 = FrameRate(num: 30000, den: 1001)
    public static let ntsc5994 = FrameRate(num: 60000, den: 1001)
}
