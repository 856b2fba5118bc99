// Scopes (closures) and objects of the interpreted subset, and how one evaluation frees them
//
// JavaScript's functions close over the variables of the function they are created in, by
// reference; objects (`{ a: 1 }`) are shared by reference. Both are classes here, created only
// while one evaluation runs (one property at one frame) and never shared between evaluations or
// threads. A closure stored in a variable of the scope it captures, or an object holding itself,
// is a reference cycle that reference counting never frees, and a chain of 20 000 nested objects
// would be freed by 20 000 nested deinit calls: so the interpreter keeps every scope and object it
// makes in its arena and, when the evaluation ends, empties each of them — breaking every cycle and
// every chain — before dropping them (ScriptInterpreter.run). Objects hold at most maxMembers
// members (as arrays hold at most 4 096 elements when assigned by index).

/// The variables of one call of a user function; `parent` is the scope its function was created in
/// (nil: the program's globals).
final class ScriptScope: @unchecked Sendable {
    var variables: [String: ScriptValue]
    let parent: ScriptScope?

    init(_ variables: [String: ScriptValue], parent: ScriptScope?) {
        self.variables = variables
        self.parent = parent
    }
}

/// An object made by a literal `{ … }`: its members in insertion order.
final class ScriptRecord: @unchecked Sendable {
    var members: [String: ScriptValue] = [:]
    var order: [String] = []
    /// The function that made it with `new` (`x instanceof F`), or nil.
    var madeBy: ScriptFunction?
    static let maxMembers = 4096

    func remove(_ key: String) {
        guard members.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
    }

    func set(_ key: String, _ v: ScriptValue) throws(ScriptError) {
        if members.updateValue(v, forKey: key) == nil {
            guard order.count < Self.maxMembers else {
                members[key] = nil
                throw .budget("an object with more than \(Self.maxMembers) members")
            }
            order.append(key)
        }
    }
}

/// Every scope and object one evaluation made (file header).
struct ScriptArena {
    private(set) var scopes: [ScriptScope] = []
    private(set) var records: [ScriptRecord] = []

    mutating func scope(_ variables: [String: ScriptValue], parent: ScriptScope?) -> ScriptScope {
        let s = ScriptScope(variables, parent: parent)
        scopes.append(s)
        return s
    }

    mutating func record() -> ScriptRecord {
        let r = ScriptRecord()
        records.append(r)
        return r
    }

    /// Empties every scope and object: no cycle or deep chain outlives the evaluation.
    mutating func release() {
        for s in scopes { s.variables.removeAll() }
        for r in records { r.members.removeAll(); r.order.removeAll(); r.madeBy = nil }
        scopes.removeAll()
        records.removeAll()
    }
}
