/// A Datadog or Eppo evaluation context (a subject) as a Burgee ``Context``.
///
/// A request's context is `{"targetingKey": K, "attributes": {…}}` (`subjectKey` or `key` may name
/// the key; without `attributes`, every other member is an attribute). It becomes **one single
/// context of kind `subject`** with the member `targetingKey` when the key is a string and the
/// attributes under `attributes`, so that no attribute is confused with the key. The attribute
/// `id`, when not given, reads the targeting key, as both vendors' evaluators have it.
///
/// Attribute values must be strings, numbers, booleans or `null`: a list or an object makes the
/// context invalid, as the vendors' SDKs refuse the call. Datadog needs no key (only a split that
/// hashes does); Eppo refuses a subject whose key is not a string.
extension Context {
    /// The kind of the single context a UFC subject becomes.
    package static let ufcKind = "subject"
    /// The member holding the targeting key.
    package static let ufcTargetingKey = "targetingKey"
    /// The member holding the attributes, as an object.
    package static let ufcAttributes = "attributes"
    /// The member marking that `id` among the attributes is the targeting key, not given.
    package static let ufcIdFromKey = "idFromTargetingKey"
    /// Why an Eppo subject without a string key is invalid (Eppo's SDKs refuse it).
    package static let ufcKeyRefusal = "the subject key is missing or not a string"

    /// A Datadog or Eppo subject: its targeting key (`nil`: none) and attributes.
    public init(targetingKey: String?, ufcAttributes attributes: [String: JSONValue], requiresKey: Bool = false) {
        var attributes = attributes
        var members: [String: JSONValue] = [:]
        if attributes["id"] == nil, let targetingKey {
            attributes["id"] = .string(targetingKey)
            members[Self.ufcIdFromKey] = true
        }
        members[Self.ufcAttributes] = .object(attributes)
        if let targetingKey { members[Self.ufcTargetingKey] = .string(targetingKey) }
        var problem: String? = nil
        if let (name, value) = attributes.first(where: { $0.value.isComposite }) {
            problem = "attribute '\(name)' is \(value.typeName); attributes are strings, numbers, booleans or null"
        }
        if requiresKey, targetingKey == nil { problem = Self.ufcKeyRefusal }
        self.init(single: SingleContext(kind: Self.ufcKind, key: targetingKey ?? "", attributes: members), invalidReason: problem,
                  shapeMark: .ufcSubject)
    }

    /// Reads a request's context (see above); `requiresKey` for Eppo.
    package init(ufcJSON json: JSONValue, requiresKey: Bool) {
        guard case .object(var members) = json else {
            self.init(single: SingleContext(kind: Self.ufcKind, key: "", attributes: [:]),
                      invalidReason: "a subject is an object, not \(json.typeName)")
            return
        }
        var key: JSONValue? = nil
        for name in [Self.ufcTargetingKey, "subjectKey", "key"] {
            if let value = members.removeValue(forKey: name), key == nil { key = value }
        }
        let attributes: [String: JSONValue]
        if case .object(let given)? = members[Self.ufcAttributes] {
            attributes = given
        } else {
            attributes = members
        }
        self.init(targetingKey: key?.stringValue, ufcAttributes: attributes, requiresKey: requiresKey)
        if !requiresKey, let key, !key.isNull, key.stringValue == nil {
            // OpenFeature's targeting key is a string: Datadog's provider refuses another.
            self = Context(single: contexts[0], invalidReason: "the targeting key is \(key.typeName), not a string")
        }
    }
}

extension Context {
    /// The subject a context built with the neutral API stands for (docs/datadog.md, "Contexts"):
    /// the single context of kind `subject`, else the first one, its key the targeting key and its
    /// attributes (but `key`) the subject's attributes. A subject, as
    /// ``init(targetingKey:ufcAttributes:requiresKey:)`` builds it (it carries the mark
    /// ``ContextShape/Mark/ufcSubject``), and an invalid context are returned unchanged.
    package func ufcSubject(requiresKey: Bool) -> Context {
        guard isValid, shapeMark != .ufcSubject, let first = contexts.first else { return self }
        let single = contexts.first { $0.kind == Self.ufcKind } ?? first
        var attributes = single.attributes
        attributes["key"] = nil
        return Context(targetingKey: single.key, ufcAttributes: attributes, requiresKey: requiresKey)
    }
}

extension ContextShape.Mark {
    /// A Datadog or Eppo subject (``Context/init(targetingKey:ufcAttributes:requiresKey:)``).
    package static let ufcSubject = ContextShape.Mark(rawValue: 1)
}

extension JSONValue {
    /// Whether this is an array or an object.
    fileprivate var isComposite: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}
