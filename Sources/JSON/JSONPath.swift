// How messages name a place in a JSON document and quote a string from it.

/// Renders path components as `layers[3].shapes[2].ks.k[0].s`.
public func jsonPathString(_ components: some Sequence<JSONPathComponent>) -> String {
    var out = ""
    for c in components {
        switch c {
        case .key(let k):
            if !out.isEmpty { out += "." }
            out += k
        case .index(let i):
            out += "[\(i)]"
        }
    }
    return out
}

/// A name or string from the file as messages quote it: in double quotes, control characters
/// shown as "?" (a message stays one line), cut to `limit` characters with "…" — a 10 MB layer
/// name must not be echoed whole.
public func quoted(_ name: some StringProtocol, limit: Int = 64) -> String {
    var out = "\""
    var count = 0
    for c in name {
        if count == limit { out += "…"; break }
        out.append(c.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "?" : c)
        count += 1
    }
    return out + "\""
}
