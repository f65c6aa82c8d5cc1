import BurgeeCore

/// The subject of a Datadog evaluation, as Datadog's `FlagsEvaluationContext` and OpenFeature's
/// evaluation context give it: a targeting key and attributes.
///
/// Attribute values are strings, numbers, booleans or `null` (a list or an object makes the
/// evaluation fail with `INVALID_CONTEXT`, as Datadog's provider refuses it). The attribute `id`,
/// when not given, reads the targeting key.
public struct DatadogEvaluationContext: Sendable, Hashable {
    /// The targeting key (the subject's id); `nil`: none (a flag that splits by shards then
    /// fails with `TARGETING_KEY_MISSING`).
    public var targetingKey: String? {
        didSet { context = Self.context(targetingKey, attributes) }
    }
    /// The attributes targeting rules read.
    public var attributes: [String: JSONValue] {
        didSet { context = Self.context(targetingKey, attributes) }
    }
    /// The Burgee context it stands for (see `Context(targetingKey:ufcAttributes:requiresKey:)`),
    /// made when the subject is made or changed, so that evaluations build nothing.
    public private(set) var context: Context

    /// A subject.
    public init(targetingKey: String?, attributes: [String: JSONValue] = [:]) {
        self.targetingKey = targetingKey
        self.attributes = attributes
        context = Self.context(targetingKey, attributes)
    }

    private static func context(_ targetingKey: String?, _ attributes: [String: JSONValue]) -> Context {
        Context(targetingKey: targetingKey, ufcAttributes: attributes)
    }

    /// Subjects are equal when their targeting keys and attributes are.
    public static func == (a: Self, b: Self) -> Bool {
        a.targetingKey == b.targetingKey && a.attributes == b.attributes
    }

    /// Hashes the targeting key and attributes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(targetingKey)
        hasher.combine(attributes)
    }
}
