/// Where a bucketing draw takes its value: the first of `attributes` the context has, else a
/// random value when `random` is set, else none.
///
/// Unleash's stickiness is such a chain (`default` = `userId`, then `sessionId`, then random);
/// a random value is drawn afresh at each evaluation, without allocating or locking.
package struct BucketInput: Sendable {
    /// Attributes tried in order.
    package var attributes: [AttributeReference]
    /// Whether a random value stands in when none of `attributes` is present.
    package var random: Bool

    package init(attributes: [AttributeReference], random: Bool) {
        self.attributes = attributes
        self.random = random
    }
}
