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
    public var targetingKey: String?
    /// The attributes targeting rules read.
    public var attributes: [String: JSONValue]

    /// A subject.
    public init(targetingKey: String?, attributes: [String: JSONValue] = [:]) {
        self.targetingKey = targetingKey
        self.attributes = attributes
    }

    /// The Burgee context it stands for (see `Context(targetingKey:ufcAttributes:requiresKey:)`).
    public var context: Context { Context(targetingKey: targetingKey, ufcAttributes: attributes) }
}
