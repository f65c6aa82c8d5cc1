import Synchronization

/// A context's attributes: names sorted, with their ``ByteHash``es and values in the same order,
/// so that a lookup compares 64-bit hashes in a short array instead of hashing the name with
/// SipHash; string values' UTF-8 kept beside them, so that string tests compare bytes in place
/// instead of copying the value. Immutable; `SingleContext` keeps it alive and the evaluator
/// reads it unretained.
@usableFromInline
final class AttributeTable: Sendable {
    /// Where one name's UTF-8 bytes sit in ``arena``, with its hash, and where its value's sit
    /// when the value is a string.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let hash: UInt64
        @usableFromInline let start: Int
        @usableFromInline let count: Int
        /// The string value's UTF-8 in ``arena``; `valueCount` is -1 for a value of another type.
        @usableFromInline let valueStart: Int
        @usableFromInline let valueCount: Int
    }

    @usableFromInline let names: [String]
    @usableFromInline let values: [JSONValue]
    @usableFromInline let entries: [Entry]
    /// The names' UTF-8 bytes, then the kind's, then the string values'.
    @usableFromInline let arena: [UInt8]
    @usableFromInline let kind: Entry
    /// The attributes the context keeps out of events (``SingleContext/privateAttributes``): kept
    /// here, beside the attributes, so that a context without them costs nothing more to copy.
    /// (`nil` for none: a context without them stores one word of zero.)
    let privateAttributes: [String]?
    /// This context's share of ``Context/identityHash`` (its kind and key), hashed the first time
    /// event recording asks for it (0 until then): a context made and evaluated without events
    /// hashes nothing.
    @usableFromInline let identityPart = Atomic<UInt64>(0)
    /// Event recording's note that this context was already noticed (``Context/noticeMark``).
    @usableFromInline let noticed = Atomic<UInt64>(0)
    /// The hash of the kind alone, odd: this context's share of ``Context/eventMarks``' kinds
    /// mark, made once.
    @usableFromInline let kindMark: UInt64

    init(kind: String, _ attributes: [String: JSONValue], privateAttributes: [String]? = nil) {
        self.privateAttributes = privateAttributes
        let sorted = attributes.sorted { $0.key < $1.key }
        names = sorted.map(\.key)
        values = sorted.map(\.value)
        var arena: [UInt8] = []
        for name in names { arena += name.utf8 }
        let kindStart = arena.count
        arena += kind.utf8
        self.kind = Entry(hash: ByteHash.hash(kind), start: kindStart, count: kind.utf8.count, valueStart: 0, valueCount: -1)
        // The kind's hash is mixed already; odd, so that a mark is never 0 (nothing noted).
        kindMark = self.kind.hash | 1
        var entries: [Entry] = []
        entries.reserveCapacity(names.count)
        var nameStart = 0
        for (name, value) in zip(names, values) {
            let count = name.utf8.count
            var valueStart = 0, valueCount = -1
            if case .string(let text) = value {
                valueStart = arena.count
                arena += text.utf8
                valueCount = arena.count - valueStart
            }
            entries.append(Entry(hash: ByteHash.hash(name), start: nameStart, count: count,
                                 valueStart: valueStart, valueCount: valueCount))
            nameStart += count
        }
        self.entries = entries
        self.arena = arena
    }

    /// Whether the context's kind has these UTF-8 bytes and hash.
    @inlinable
    func isKind(_ utf8: [UInt8], hash: UInt64) -> Bool {
        kind.hash == hash && equal(kind, utf8)
    }

    @inlinable
    func equal(_ entry: Entry, _ utf8: [UInt8]) -> Bool {
        guard entry.count == utf8.count else { return false }
        return arena.withUnsafeBytes { a in
            utf8.withUnsafeBytes { b in
                ExactString.equal(UnsafeRawBufferPointer(rebasing: a[entry.start..<(entry.start + entry.count)]), b)
            }
        }
    }

    /// The position of the top-level attribute with these UTF-8 bytes and ``ByteHash``, or -1.
    @inlinable
    func position(_ utf8: [UInt8], hash: UInt64) -> Int {
        for i in entries.indices where entries[i].hash == hash && equal(entries[i], utf8) {
            return i
        }
        return -1
    }

    /// The value of the top-level attribute with these UTF-8 bytes and ``ByteHash``.
    @inlinable
    func attribute(_ utf8: [UInt8], hash: UInt64) -> JSONValue? {
        let i = position(utf8, hash: hash)
        return i < 0 ? nil : values[i]
    }

    /// The position of `reference`'s top-level attribute, or -1 when the context has none.
    @inlinable
    func position(of reference: AttributeReference) -> Int {
        position(reference.nameUTF8, hash: reference.nameHash)
    }

    /// `body` over the UTF-8 of the value at `position` when it is a string; `nil` otherwise.
    @inlinable
    func withStringBytes<R>(at position: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let entry = entries[position]
        guard entry.valueCount >= 0 else { return nil }
        return arena.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[entry.valueStart..<(entry.valueStart + entry.valueCount)])) }
    }

    /// The value `reference` names (not `kind`), or `nil` when it is absent or `null`.
    @inlinable
    func value(of reference: AttributeReference) -> JSONValue? {
        value(of: reference, at: position(of: reference))
    }

    /// The value `reference` names (not `kind`), its top-level attribute at `position` (-1 when
    /// the context has none), or `nil` when it is absent or `null`.
    @inlinable
    func value(of reference: AttributeReference, at position: Int) -> JSONValue? {
        switch reference.storage {
        case .kind:
            return nil
        case .name(let name):
            if position >= 0, !values[position].isNull { return values[position] }
            // `anonymous` is false when unset; null counts as unset.
            return name == "anonymous" ? .bool(false) : nil
        case .path(let components):
            guard position >= 0 else { return nil }
            var current = values[position]
            for component in components.dropFirst() {
                guard case .object(let members) = current, let next = members[component] else { return nil }
                current = next
            }
            if case .null = current { return nil }
            return current
        }
    }
}
