/// OpenFeature's evaluation context (OFREP's `context`) as a ``Context``, mapped as
/// docs/openfeature.md says: `targetingKey` is the key; `kind`, when given, the context kind
/// (else `user`); `name` and `anonymous` are Burgee's; every other member is an attribute of the
/// same name, with its JSON value. A member named `key` is ignored: `targetingKey` is the key.
///
/// Formats whose SDKs map OpenFeature's context otherwise say so in their dialect
/// (``ToolingDialect/context(openFeature:)``).
package enum OpenFeatureContext {
    /// The context of an OpenFeature context's members.
    /// - Throws: ``OpenFeatureContextError``: `targetingKeyMissing` without a non-empty
    ///   `targetingKey`, `invalidContext` for one that is not a string or a context that is not valid.
    package static func context(_ members: [String: JSONValue]) throws(OpenFeatureContextError) -> Context {
        var members = members
        let targetingKey = try Self.targetingKey(members.removeValue(forKey: "targetingKey"))
        let kind = members.removeValue(forKey: "kind") ?? "user"
        guard case .string = kind, kind != "multi" else {
            throw OpenFeatureContextError(.invalidContext, "'kind' must be a context kind, not \(kind.serialized())")
        }
        members["kind"] = kind
        members["key"] = .string(targetingKey)
        let context = Context(json: .object(members))
        if let reason = context.invalidReason {
            throw OpenFeatureContextError(.invalidContext, reason)
        }
        return context
    }

    /// The non-empty targeting key of a `targetingKey` member.
    /// - Throws: ``OpenFeatureContextError``: `targetingKeyMissing` when it is absent, `null` or
    ///   empty, `invalidContext` when it is not a string.
    package static func targetingKey(_ value: JSONValue?) throws(OpenFeatureContextError) -> String {
        switch value {
        case .string(let key)? where !key.isEmpty: return key
        case nil, .null?, .string?:
            throw OpenFeatureContextError(.targetingKeyMissing, "the context has no 'targetingKey'")
        case let other?:
            throw OpenFeatureContextError(.invalidContext, "'targetingKey' is \(other.typeName), not a string")
        }
    }
}

/// Why an OpenFeature evaluation context cannot be evaluated: OpenFeature's error code and a
/// sentence for a person.
package struct OpenFeatureContextError: Error, Sendable, Equatable {
    /// OpenFeature's error codes for a context.
    package enum Code: Sendable, Equatable {
        /// `TARGETING_KEY_MISSING`.
        case targetingKeyMissing
        /// `INVALID_CONTEXT`.
        case invalidContext
    }

    /// The error code.
    package let code: Code
    /// What is wrong.
    package let details: String

    /// An error.
    package init(_ code: Code, _ details: String) {
        self.code = code
        self.details = details
    }
}
