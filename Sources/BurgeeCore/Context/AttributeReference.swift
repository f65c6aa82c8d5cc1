/// A parsed attribute reference: a plain name (`country`) or a path into nested objects
/// (`/address/city`, with `~1` for `/` and `~0` for `~`). Parsed once when definitions compile.
@usableFromInline package struct AttributeReference: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Storage: Sendable, Hashable {
        /// The context kind, which is not an attribute map member but matches any of a context's kinds.
        case kind
        /// One top-level attribute.
        case name(String)
        /// Nested members, two or more components.
        case path([String])
    }

    @usableFromInline let storage: Storage
    /// The reference as written.
    @usableFromInline package let text: String
    /// ``ByteHash`` of the top-level attribute name, so that a lookup compares hashes, not names.
    @usableFromInline let nameHash: UInt64
    /// The top-level attribute name's UTF-8 bytes, compared after the hash.
    @usableFromInline let nameUTF8: [UInt8]
    /// The program's slot for the top-level attribute name (``Program/attributeNames``), given
    /// when a program is linked; -1 outside a program. Not part of the reference's identity.
    @usableFromInline package internal(set) var slot: Int32 = -1

    /// The built-in `key` attribute.
    @usableFromInline package static let key = AttributeReference(validated: "key", .name("key"))

    private init(validated text: String, _ storage: Storage) {
        self.text = text
        self.storage = storage
        let name: String
        switch storage {
        case .kind: name = "kind"
        case .name(let n): name = n
        case .path(let components): name = components[0]
        }
        nameHash = ByteHash.hash(name)
        nameUTF8 = Array(name.utf8)
    }

    /// A reference to the top-level attribute with exactly this name, never parsed as a path and
    /// never the context kind: formats whose attribute names are plain names, never paths.
    @usableFromInline package init(literal name: String) {
        self.init(validated: name, .name(name))
    }

    /// Parses a reference; `nil` for an invalid one (`""`, `/`, `/a//b`, `~` not followed by 0 or 1).
    @usableFromInline package init?(_ text: String) {
        guard let first = text.unicodeScalars.first else { return nil }
        guard first == "/" else {
            self.init(validated: text, text == "kind" ? .kind : .name(text))
            return
        }
        var components: [String] = []
        for raw in text.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard !raw.isEmpty, let component = Self.unescape(raw) else { return nil }
            components.append(component)
        }
        if components.count == 1 {
            self.init(validated: text, components[0] == "kind" ? .kind : .name(components[0]))
        } else {
            self.init(validated: text, .path(components))
        }
    }

    private static func unescape(_ raw: Substring.UnicodeScalarView.SubSequence) -> String? {
        var out = String.UnicodeScalarView()
        var iterator = raw.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "~" else {
                out.append(scalar)
                continue
            }
            switch iterator.next() {
            case "0"?: out.append("~")
            case "1"?: out.append("/")
            default: return nil
            }
        }
        return String(out)
    }

    /// The top-level attribute name (`kind` for the context kind).
    package var name: String { String(decoding: nameUTF8, as: UTF8.self) }

    /// The names along the reference, unescaped: one for a top-level attribute.
    package var components: [String] {
        switch storage {
        case .kind: ["kind"]
        case .name(let name): [name]
        case .path(let components): components
        }
    }

    /// `name` as one component of a path: `~` as `~0`, `/` as `~1`.
    package static func escaped(_ name: String) -> String {
        name.escapingScalars { scalar in
            switch scalar {
            case "~": "~0"
            case "/": "~1"
            default: nil
            }
        }
    }

    /// This reference in a program that reads the top-level name from `slot`.
    func inSlot(_ slot: Int32) -> AttributeReference {
        var slotted = self
        slotted.slot = slot
        return slotted
    }

    @usableFromInline package static func == (lhs: AttributeReference, rhs: AttributeReference) -> Bool {
        lhs.storage == rhs.storage && lhs.text == rhs.text
    }

    @usableFromInline package func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
        hasher.combine(text)
    }

    /// Whether this names the context kind.
    @inlinable
    package var isKind: Bool {
        if case .kind = storage { return true }
        return false
    }

    /// The reference as written.
    @usableFromInline package var description: String { text }
}
