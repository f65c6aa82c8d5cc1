import Synchronization

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

extension Context {
    /// A hash of the context's kinds and keys, the same whatever the order of a multi-context's
    /// parts: what event recording tells contexts apart by. Each part hashed its kind and key when
    /// it was made: no string is hashed here.
    @inlinable
    package var identityHash: UInt64 {
        contexts.withUnsafeBufferPointer { parts in
            var sum: UInt64 = 0
            for part in parts { sum &+= part.identityPart }
            return sum
        }
    }

    /// A word event recording keeps in a single context (0 until it writes one; a multi-context
    /// keeps none): what it last noted of the context, so that a context evaluated again is known
    /// without a lookup.
    @inlinable
    package var noticeMark: UInt64 {
        contexts.withUnsafeBufferPointer { parts in
            guard parts.count == 1 else { return 0 }
            return parts[0].tableReference._withUnsafeGuaranteedRef { $0.noticed.load(ordering: .relaxed) }
        }
    }

    /// ``noticeMark``, and a nonzero hash of the context's kinds alone (the same whatever their
    /// order), in one pass over the parts.
    @inlinable @inline(__always)
    package var eventMarks: (notice: UInt64, kinds: UInt64) {
        // A single context's table read through the array's addressor: no copy, no call.
        if contexts.count == 1 {
            return contexts[0].tableReference._withUnsafeGuaranteedRef { ($0.noticed.load(ordering: .relaxed), $0.kindMark) }
        }
        return contexts.withUnsafeBufferPointer { parts in
            var sum: UInt64 = 0
            for part in parts { sum &+= part.tableReference._withUnsafeGuaranteedRef { $0.kindMark } }
            return (0, sum | 1)
        }
    }

    /// Sets ``noticeMark`` (a multi-context keeps none).
    @inlinable
    package func setNoticeMark(_ mark: UInt64) {
        guard contexts.count == 1 else { return }
        contexts[0].tableReference._withUnsafeGuaranteedRef { $0.noticed.store(mark, ordering: .relaxed) }
    }

    /// murmur3's 64-bit finaliser: every input bit affects every output bit.
    @inlinable
    package static func mixHash(_ x: UInt64) -> UInt64 {
        var k = x
        k ^= k >> 33
        k &*= 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k &*= 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }
}
