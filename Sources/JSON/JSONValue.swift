// A parsed JSON document: the tree the Lottie decoder walks (RFC 8259 values).
//
// Objects keep their members in file order as two parallel arrays; a key that occurs twice
// resolves to its last occurrence, as JavaScript players read it. Numbers are IEEE doubles
// (JSON numbers outside ±1.8e308 are refused by the scanner, so every number is finite).

/// One JSON value.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type name used in error messages ("a number", "an object" …).
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object: members in file order.
public struct JSONObject: Sendable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

    public init() {
        keys = []
        values = []
    }

    public init(keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count)
        self.keys = keys
        self.values = values
    }

    /// Appends a member (a name already present then occurs twice; the last counts).
    public mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    /// Sets the value of the last member named `key`, or appends the member.
    public mutating func set(_ key: String, _ value: JSONValue) {
        if let i = keys.lastIndex(of: key) { values[i] = value } else { append(key, value) }
    }

    /// Removes every member named `key`.
    public mutating func remove(_ key: String) {
        while let i = keys.lastIndex(of: key) {
            keys.remove(at: i)
            values.remove(at: i)
        }
    }

    /// The members in file order.
    public var members: Zip2Sequence<[String], [JSONValue]> { zip(keys, values) }

    public var count: Int { keys.count }

    /// The value of the last member named `key`.
    public subscript(key: String) -> JSONValue? {
        var i = keys.count - 1
        while i >= 0 {
            if keys[i] == key { return values[i] }
            i -= 1
        }
        return nil
    }

    /// Whether a member named `key` exists.
    public func contains(_ key: String) -> Bool { self[key] != nil }
}
