/// What one operator name of a format means: the family it compiles to and the options the
/// format's spelling adds to it.
package struct OperatorSpelling: Sendable, Equatable {
    /// The family the name compiles to.
    package var family: OperatorFamily
    /// The name is the family negated (Unleash's `NOT_IN`); a clause's own negation applies on top.
    package var negated: Bool
    /// Whether the clause's case-insensitivity flag applies to this name (others ignore it).
    package var honoursCaseInsensitive: Bool
    /// What a test of this name yields when the context kind or the attribute is absent.
    package var absent: AttributeTest.Absent

    /// A spelling of `family`.
    package init(_ family: OperatorFamily, negated: Bool = false, honoursCaseInsensitive: Bool = false,
                 absent: AttributeTest.Absent = .isFalse) {
        self.family = family
        self.negated = negated
        self.honoursCaseInsensitive = honoursCaseInsensitive
        self.absent = absent
    }
}
