/// What a context holds, for code around evaluations (hooks, logging, a cache keyed by context)
/// that needs its key or attributes; evaluations read them through the program's attribute slots.
extension Context {
    /// The key of a single context; `nil` for a multi-context (see ``key(ofKind:)``).
    public var key: String? {
        isMulti ? nil : contexts.first?.key
    }

    /// The kind of a single context (`user` when none was given); `nil` for a multi-context.
    public var kind: String? {
        isMulti ? nil : contexts.first?.kind
    }

    /// The kinds of the single contexts this context holds, in the order given.
    public var kinds: [String] {
        contexts.map(\.kind)
    }

    /// The key of the single context of `kind`, if this context holds one.
    public func key(ofKind kind: String) -> String? {
        context(ofKind: kind)?.key
    }

    /// The attributes of the single context of `kind` (of a single context when `kind` is `nil`),
    /// by name, with `key`, and `name` and `anonymous` when given; `nil` when there is no such
    /// context. A format's own reader may keep its attributes under one member (a Datadog subject
    /// under `attributes`, a Split evaluation's under `attributes`).
    public func attributes(ofKind kind: String? = nil) -> [String: JSONValue]? {
        guard let kind else { return isMulti ? nil : contexts.first?.attributes }
        return context(ofKind: kind)?.attributes
    }
}
