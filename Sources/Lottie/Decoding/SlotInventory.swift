// The slots a file's properties use (lottie-spec "Slots"), for `info`: each `sid` with the kind
// of property that carries it (colour, scalar, vector, position), its default value — the
// file's `slots` table entry (`"slots": {"id": {"p": {"a": 0, "k": …}}}`) when it defines the id,
// else the property's own `k` — and where it is used. Recorded by the typed property decoders
// (PropertyDecoding.swift) as they read a property with a `sid`. Bounded: at most
// `maxSlots` ids and `maxPlaces` places per id are kept (the rest counted).
import JSON

/// A slot id as the file uses it.
public struct LottieSlot: Sendable, Equatable {
    public var id: String
    /// "color", "scalar", "vector", "position" — every kind of property that carries the id.
    public var kinds: [String]
    /// The default value's numbers (a colour: r, g, b[, a] in 0…1); nil when it is animated.
    public var value: [Double]?
    /// Whether the file's `slots` table defines the id (else the property's own value is the default).
    public var defined: Bool
    /// JSON paths of the properties that carry it (at most `SlotInventory.maxPlaces`), and how many there are.
    public var places: [String]
    public var uses: Int
}

struct SlotInventory {
    static let maxSlots = 1000
    static let maxPlaces = 20
    private(set) var slots: [LottieSlot] = []
    private var index: [String: Int] = [:]

    mutating func note(id: String, kind: String, value: [Double]?, defined: Bool, place: String) {
        if let i = index[id] {
            if !slots[i].kinds.contains(kind) { slots[i].kinds.append(kind) }
            if slots[i].places.count < Self.maxPlaces { slots[i].places.append(place) }
            slots[i].uses += 1
            return
        }
        guard slots.count < Self.maxSlots else { return }
        index[id] = slots.count
        slots.append(LottieSlot(id: id, kinds: [kind], value: value, defined: defined, places: [place], uses: 1))
    }
}

extension DecodeContext {
    /// Notes the property `v` (at the current path) when it carries a `sid`.
    func noteSlot(_ v: JSONValue, kind: String) {
        guard case .object(let o) = v, case .string(let sid)? = member(o, "sid") else { return }
        var body = o, defined = false
        if let slot = slots?[sid], case .object(let s) = slot, case .object(let p)? = s["p"] { body = p; defined = true }
        var value: [Double]?
        if let k = member(body, "k") {
            let keyframed = if case .array(let a) = k, case .object? = a.first { true } else { false }
            if !keyframed { value = try? numbers(k) }
        }
        slotUses.note(id: sid, kind: kind, value: value, defined: defined, place: jsonPathString(path))
    }
}
