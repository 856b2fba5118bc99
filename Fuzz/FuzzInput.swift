// Turns fuzzer bytes into numbers: plain small values most of the time, and now and then the
// values geometry code trips on (0, ±inf, NaN, huge, tiny, negative zero).
struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    }

    var isEmpty: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        let raw = UInt64(byte()) << 8 | UInt64(byte())
        return range.lowerBound + Int(raw % span)
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A coordinate-like number: usually within about ±scale, sometimes a special value.
    mutating func double(scale: Double = 64) -> Double {
        let tag = byte()
        switch tag {
        case 0: return 0
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return .nan
        case 4: return 1e300
        case 5: return -1e300
        case 6: return 1e-300
        case 7: return -0.0
        case 8: return 1e15
        case 9: return Double(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))) * 1e6
        case 10: return Double(bitPattern: (0..<8).reduce(UInt64(0)) { acc, _ in acc << 8 | UInt64(byte()) })
        default:
            let raw = Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte()))
            return Double(raw) / 32768 * scale * 2
        }
    }
}
