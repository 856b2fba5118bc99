// Swift's `Decodable` over a parsed `JSONValue`: the one JSON reader for presets, targets and
// manifests decodes their Codable types with this instead of Foundation's JSONDecoder.
//
// The scanner has already checked the syntax, the caps and duplicate names (with line, column
// and path); this layer maps JSON types onto Swift types, and every failure is a
// `DecodingError` whose coding path names the field:
//
//   JSON            Swift
//   number          Double, Float (in range), every integer type when the number is whole
//                   and in the type's range (2.5 or 1e19 for an Int is an error, not a rounding)
//   string          String
//   true / false    Bool (never a number)
//   null            nil for an Optional; an error for anything else
//   object          keyed container: keys in file order (`allKeys`)
//   array           unkeyed container
//
// Integers: a JSON number is held as an IEEE double, so a whole number beyond 2^53 has already
// been rounded to the nearest double; `T(exactly:)` then accepts what the double holds. No
// preset field takes integers that large (the caps are far below), so nothing is lost in practice.

/// Decodes `Decodable` types from a `JSONValue`.
public struct JSONValueDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: []))
    }
}

/// A key naming an array element in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// "super" in a coding path (`superDecoder()`), as JSONDecoder names it.
struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { return nil }
}

func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value.typeDescription)"))
}

struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch([String: Any].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, value, codingPath) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single value

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch(type, value, codingPath) }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = value else { throw mismatch(type, value, codingPath) }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double { try number(type) }

    func decode(_ type: Float.Type) throws -> Float {
        let d = try number(type)
        let f = Float(d)
        guard f.isFinite else { throw corrupted("\(canonicalNumber(d)) does not fit a 32-bit float") }
        return f
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    private func number(_ type: Any.Type) throws -> Double {
        guard case .number(let d) = value else { throw mismatch(type, value, codingPath) }
        return d
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let d = try number(type)
        guard let v = T(exactly: d) else {
            let range = T.isSigned && T.bitWidth == 64 ? "below 2^63 in magnitude" : "in \(T.min)…\(T.max)"
            throw corrupted("\(canonicalNumber(d)) does not fit: this field takes whole numbers \(range)")
        }
        return v
    }

    private func corrupted(_ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let codingPath: [any CodingKey]
    /// Member name → index of its last occurrence, for objects past a few members: a dictionary
    /// decoded key by key (a manifest's 10 000 outputs) would otherwise scan the object per key.
    private let index: [String: Int]?

    init(object: JSONObject, codingPath: [any CodingKey]) {
        self.object = object
        self.codingPath = codingPath
        index = object.count > 16 ? Dictionary(zip(object.keys, object.keys.indices), uniquingKeysWith: { $1 }) : nil
    }

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { value(key.stringValue) != nil }

    private func value(_ name: String) -> JSONValue? {
        guard let index else { return object[name] }
        return index[name].map { object.values[$0] }
    }

    private func member(_ key: Key) throws -> ValueDecoder {
        guard let value = value(key.stringValue) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return ValueDecoder(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: value("super") ?? .null, codingPath: codingPath + [SuperKey()])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: value(key.stringValue) ?? .null, codingPath: codingPath + [key])
    }
}

struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> ValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [IndexKey(currentIndex)],
                                                          debugDescription: "the array has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return ValueDecoder(value: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}
