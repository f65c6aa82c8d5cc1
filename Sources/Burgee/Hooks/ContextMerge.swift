import BurgeeCore

/// Merges the context a hook's `before` stage returned into the evaluation's context.
enum ContextMerge {
    /// `base` with `addition`'s single contexts merged in: attributes of a kind both hold are
    /// `addition`'s where both name them; a kind only `addition` holds is added. The result is a
    /// single context when only one kind remains and neither was a multi-context.
    static func merge(_ base: Context, _ addition: Context) -> Context {
        // An invalid context cannot be merged; evaluating it reports why (INVALID_CONTEXT).
        guard base.isValid else { return base }
        guard addition.isValid else { return addition }
        var kinds: [String] = base.contexts.map(\.kind)
        var members: [String: [String: JSONValue]] = [:]
        for single in base.contexts { members[single.kind] = single.attributes }
        for single in addition.contexts {
            if members[single.kind] == nil { kinds.append(single.kind) }
            members[single.kind, default: [:]].merge(single.attributes) { _, new in new }
        }
        if kinds.count == 1, !base.isMulti, !addition.isMulti, var only = members[kinds[0]] {
            only["kind"] = .string(kinds[0])
            return Context(json: .object(only))
        }
        var multi: [String: JSONValue] = ["kind": "multi"]
        for kind in kinds { multi[kind] = .object(members[kind] ?? [:]) }
        return Context(json: .object(multi))
    }
}
