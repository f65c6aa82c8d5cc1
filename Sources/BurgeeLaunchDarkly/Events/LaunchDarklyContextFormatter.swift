import BurgeeCore

/// Writes a context as LaunchDarkly's events carry it, private attributes removed and named in
/// `_meta.redactedAttributes`, as go-server-sdk's event formatter does.
///
/// A single context: `kind`, `key`, its other attributes (`name` among them), `anonymous` when
/// true, `_meta` when something was redacted; a multi-context: `"kind": "multi"` and each part
/// under its kind, without its own `kind`. `key`, `kind` and `anonymous` are never redacted.
/// An attribute is private when every attribute is (``allAttributesPrivate``, or an anonymous
/// context in a feature event), or when a reference of the configuration's, then of the
/// context's own `_meta.privateAttributes`, names it; the redacted name is that reference as it
/// was written. A reference into an object (`/address/street`) removes that property only.
struct LaunchDarklyContextFormatter: Sendable {
    /// Whether every attribute of every context is private.
    let allAttributesPrivate: Bool
    /// The configuration's private attributes (invalid references dropped).
    let privateAttributes: [AttributeReference]

    init(allAttributesPrivate: Bool, privateAttributes: [String]) {
        self.allAttributesPrivate = allAttributesPrivate
        self.privateAttributes = privateAttributes.compactMap(AttributeReference.init)
    }

    /// Writes `context`; `redactAnonymous` (feature events) makes every attribute of an
    /// anonymous part private.
    func write(_ context: Context, redactAnonymous: Bool, to writer: inout JSONWriter) {
        let parts = context.contexts
        if parts.count == 1, let single = parts.first {
            write(single, kind: true, redactAnonymous: redactAnonymous, to: &writer)
            return
        }
        writer.beginObject()
        writer.key("kind")
        writer.string("multi")
        for single in parts.sorted(by: { $0.kind < $1.kind }) {
            writer.key(single.kind)
            write(single, kind: false, redactAnonymous: redactAnonymous, to: &writer)
        }
        writer.endObject()
    }

    /// The JSON of `context`, as ``write(_:redactAnonymous:to:)`` writes it.
    func json(_ context: Context, redactAnonymous: Bool) -> JSONValue {
        var writer = JSONWriter()
        write(context, redactAnonymous: redactAnonymous, to: &writer)
        return (try? JSONValue(parsing: writer.bytes)) ?? .null
    }

    private func write(_ single: SingleContext, kind: Bool, redactAnonymous: Bool, to writer: inout JSONWriter) {
        var attributes = single.attributes
        let anonymous = attributes.removeValue(forKey: "anonymous")?.boolValue == true
        attributes["key"] = nil
        attributes["kind"] = nil
        let ownPrivate = single.privateAttributes.compactMap(AttributeReference.init)
        let allPrivate = allAttributesPrivate || (redactAnonymous && anonymous)
        var redacted: [String] = []
        writer.beginObject()
        if kind {
            writer.key("kind")
            writer.string(single.kind)
        }
        writer.key("key")
        writer.string(single.key)
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) where !value.isNull {
            if allPrivate {
                redacted.append(name.hasPrefix("/") ? "/" + AttributeReference.escaped(name) : name)
                continue
            }
            writeFiltered(name, value, path: [name], own: ownPrivate, redacted: &redacted, to: &writer)
        }
        if anonymous {
            writer.key("anonymous")
            writer.bool(true)
        }
        if !redacted.isEmpty {
            writer.key("_meta")
            writer.beginObject()
            writer.key("redactedAttributes")
            writer.beginArray()
            for name in redacted { writer.string(name) }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject()
    }

    /// Writes one member at `path` unless a reference names it; an object some reference reaches
    /// into is written member by member.
    private func writeFiltered(_ name: String, _ value: JSONValue, path: [String], own: [AttributeReference],
                               redacted: inout [String], to writer: inout JSONWriter) {
        var reachesInside = false
        for reference in privateAttributes + own {
            let components = reference.components
            guard components.count >= path.count, Array(components.prefix(path.count)) == path else { continue }
            if components.count == path.count {
                redacted.append(reference.text)
                return
            }
            reachesInside = true
        }
        guard reachesInside, case .object(let members) = value else {
            writer.key(name)
            writer.value(value)
            return
        }
        writer.key(name)
        writer.beginObject()
        for (member, inner) in members.sorted(by: { $0.key < $1.key }) {
            writeFiltered(member, inner, path: path + [member], own: own, redacted: &redacted, to: &writer)
        }
        writer.endObject()
    }
}
