import Burgee
import BurgeeCore

extension TestData {
    /// A rule being built on a ``FlagBuilder``: clauses that must all match, ended by what the rule
    /// serves, `thenReturn(_:)` or ``thenRollout(weights:bucketBy:contextKind:seed:)``, which return
    /// the flag with the rule added.
    ///
    /// ```swift
    /// testData.flag("layout").variations("list", "grid")
    ///     .ifMatch("country", "FR", "DE")
    ///     .andMatch("tier", "gold", contextKind: "org")
    ///     .thenReturn(1)
    /// ```
    ///
    /// Rules are named `rule0`, `rule1`… in the order added; a `RULE_MATCH` reason reports that
    /// name as `ruleId` and the position as `ruleIndex`.
    public struct RuleBuilder: Sendable, Hashable {
        let flag: FlagBuilder
        var clauses: [ClauseDefinition] = []

        init(flag: FlagBuilder) {
            self.flag = flag
        }

        // MARK: Clauses

        /// Also requires the `attribute` of the `contextKind` context to equal one of `values`
        /// (the `in` operator, JSON equality; an array attribute matches when an element does).
        public func andMatch(_ attribute: String, _ values: JSONValue..., contextKind: String = "user") -> RuleBuilder {
            andMatch(attribute, values, contextKind: contextKind)
        }

        /// Also requires the `attribute` of the `contextKind` context to equal one of `values`.
        public func andMatch(_ attribute: String, _ values: [JSONValue], contextKind: String = "user") -> RuleBuilder {
            andMatch(ClauseDefinition(contextKind: contextKind, attribute: attribute, op: "in", values: values))
        }

        /// Also requires the `attribute` of the `contextKind` context to be present and to equal
        /// none of `values` (the `in` operator, negated). A context without the attribute, or
        /// without a context of that kind, does not match.
        public func andNotMatch(_ attribute: String, _ values: JSONValue..., contextKind: String = "user") -> RuleBuilder {
            andNotMatch(attribute, values, contextKind: contextKind)
        }

        /// Also requires the `attribute` of the `contextKind` context to be present and to equal
        /// none of `values`.
        public func andNotMatch(_ attribute: String, _ values: [JSONValue], contextKind: String = "user") -> RuleBuilder {
            andMatch(ClauseDefinition(contextKind: contextKind, attribute: attribute, op: "in", values: values, negate: true))
        }

        /// Also requires any clause to match: another operator, a `segmentMatch` on segments set
        /// with `TestData.update(segment:json:)`, case-insensitive matching.
        ///
        /// ```swift
        /// .andMatch(ClauseDefinition(attribute: "email", op: "endsWith", values: ["@example.com"]))
        /// ```
        package func andMatch(_ clause: ClauseDefinition) -> RuleBuilder {
            var copy = self
            copy.clauses.append(clause)
            return copy
        }

        // MARK: What the rule serves

        /// Ends the rule: matching contexts are served variation `index`. Returns the flag with
        /// the rule added after its other rules.
        public func thenReturn(_ index: Int) -> FlagBuilder {
            flag.adding(FlagBuilder.Rule(clauses: clauses, serve: .variation(index)))
        }

        /// Ends the rule: matching contexts are served the variation of `value`, making the flag
        /// boolean first if needed. Returns the flag with the rule added.
        public func thenReturn(_ value: Bool) -> FlagBuilder {
            let (flag, index) = flag.resolving(value)
            return flag.adding(FlagBuilder.Rule(clauses: clauses, serve: .variation(index)))
        }

        /// Ends the rule: matching contexts are split between the flag's variations. Returns the
        /// flag with the rule added.
        /// - Parameters:
        ///   - weights: the weight of each variation, by index, in thousandths of a percent
        ///     (`25_000` is 25 %); they must sum to exactly 100 000, else the flag is malformed.
        ///   - bucketBy: the attribute whose value is hashed.
        ///   - contextKind: the kind of context that is bucketed.
        ///   - seed: the hash seed; `nil` for none.
        public func thenRollout(weights: [Int], bucketBy: String = "key", contextKind: String = "user",
                                seed: UInt32? = nil) -> FlagBuilder {
            let rollout = FlagBuilder.Rollout(weights: weights, bucketBy: bucketBy, contextKind: contextKind, seed: seed)
            return flag.adding(FlagBuilder.Rule(clauses: clauses, serve: .rollout(rollout)))
        }
    }
}
