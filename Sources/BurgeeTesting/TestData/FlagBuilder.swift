import Burgee
import BurgeeCore

extension TestData {
    /// The configuration of one flag, built by chaining calls: each returns a changed copy.
    /// Apply it with `TestData.update(_:)`.
    ///
    /// A new builder is a boolean flag, on, serving `true` to every context and `false` when off,
    /// with no targets and no rules.
    ///
    /// Variations are referred to by their index, in the order given to `variations(_:)`; the
    /// calls taking a `Bool` instead refer to the variation of that value, and first make the flag
    /// a boolean flag (``booleanFlag()``) when it has no such variation. An index with no variation
    /// makes the flag malformed: evaluations of it return the caller's default with
    /// `ERROR/MALFORMED_FLAG`.
    ///
    /// In the document, each variation gets a key derived from its value: a non-empty string is its
    /// own key, a boolean or number its JSON text (`"true"`, `"42"`), anything else its index
    /// (`"2"`); if two variations would share a key, every variation is keyed by its index. Give
    /// keys, names and variables yourself with a flag in JSON (`TestData.update(flag:json:)`).
    ///
    /// ```swift
    /// testData.flag("layout")
    ///     .variations("list", "grid", "table")
    ///     .offVariation(0)
    ///     .fallthroughVariation(1)
    ///     .variation(2, forKeys: "u-1")
    ///     .ifMatch("country", "FR", "DE").andNotMatch("plan", "free").thenReturn(2)
    /// ```
    public struct FlagBuilder: Sendable, Hashable {
        /// What a rule or the fallthrough serves.
        enum Serve: Sendable, Hashable {
            case variation(Int)
            case rollout(Rollout)
        }

        /// A percentage split; `weights[i]` is the weight of variation `i`.
        struct Rollout: Sendable, Hashable {
            var weights: [Int]
            var bucketBy: String
            var contextKind: String
            var seed: UInt32?
        }

        /// The keys of one context kind served one variation.
        struct Target: Sendable, Hashable {
            var contextKind: String
            var variation: Int
            var keys: [String]
        }

        /// A rule: clauses ANDed, and what it serves.
        struct Rule: Sendable, Hashable {
            var clauses: [ClauseDefinition]
            var serve: Serve
        }

        /// The flag's key.
        public let key: String
        var variationList: [VariationDefinition] = []
        var isOn = true
        var offIndex: Int? = 0
        var fallthroughServe = Serve.variation(1)
        var targets: [Target] = []
        var rules: [Rule] = []
        var sets: [String] = []

        /// A new flag `key`: boolean, on, serving `true` to every context and `false` when off.
        /// ``TestData/flag(_:)`` returns this for a flag it does not know yet.
        public init(_ key: String) {
            self.key = key
            variationList = Self.keyed([false, true])
        }

        // MARK: Variations

        /// Makes the flag a boolean flag: variations `false` (index 0) and `true` (index 1), serving
        /// `true` when on and `false` when off. A flag that already has exactly these variations is
        /// returned unchanged; targets and rules are kept.
        public func booleanFlag() -> FlagBuilder {
            if variationList.map(\.value) == [false, true] { return self }
            var copy = self
            copy.variationList = Self.keyed([false, true])
            copy.fallthroughServe = .variation(1)
            copy.offIndex = 0
            return copy
        }

        /// Sets the flag's variations to these values, keyed by value (see ``FlagBuilder``). The
        /// flag's type follows the values: `boolean`, `string` or `number` when all are of that
        /// type, else `json`. Targets, rules, the off and fallthrough variations keep their indices.
        public func variations(_ values: JSONValue...) -> FlagBuilder {
            variations(values)
        }

        /// Sets the flag's variations to these values, keyed by value. See the variadic `variations(_:)`.
        public func variations(_ values: [JSONValue]) -> FlagBuilder {
            var copy = self
            copy.variationList = Self.keyed(values)
            return copy
        }

        /// Sets the flag's variations as given: keys (each must be unique), values, names and
        /// variables. The flag's type follows the values, as with `variations(_:)` of values.
        package func variations(_ definitions: [VariationDefinition]) -> FlagBuilder {
            var copy = self
            copy.variationList = definitions
            return copy
        }

        /// Makes the flag serve `value` to every context, on or off: the flag gets this single
        /// variation, and its targets and rules are removed.
        public func valueForAll(_ value: JSONValue) -> FlagBuilder {
            var copy = variations(value)
            copy.offIndex = 0
            copy.fallthroughServe = .variation(0)
            copy.targets = []
            copy.rules = []
            return copy
        }

        // MARK: On, off, fallthrough

        /// Turns targeting on or off. When off, the flag serves its off variation (or the caller's
        /// default, with reason `OFF`, when it has none) and nothing else is consulted.
        public func on(_ on: Bool) -> FlagBuilder {
            var copy = self
            copy.isOn = on
            return copy
        }

        /// Sets the variation served when the flag is off; `nil` for none, so that the caller's
        /// default is served, with reason `OFF`.
        public func offVariation(_ index: Int?) -> FlagBuilder {
            var copy = self
            copy.offIndex = index
            return copy
        }

        /// Sets the variation served when the flag is off to the one of `value`, making the flag
        /// boolean first if needed.
        public func offVariation(_ value: Bool) -> FlagBuilder {
            let (flag, index) = resolving(value)
            return flag.offVariation(index)
        }

        /// Sets the variation served when the flag is on and no target or rule matches.
        public func fallthroughVariation(_ index: Int) -> FlagBuilder {
            var copy = self
            copy.fallthroughServe = .variation(index)
            return copy
        }

        /// Sets the variation served when the flag is on and no target or rule matches to the one of
        /// `value`, making the flag boolean first if needed.
        public func fallthroughVariation(_ value: Bool) -> FlagBuilder {
            let (flag, index) = resolving(value)
            return flag.fallthroughVariation(index)
        }

        /// Makes the flag split the contexts that no target or rule matches between its variations.
        /// - Parameters:
        ///   - weights: the weight of each variation, by index, in thousandths of a percent
        ///     (`25_000` is 25 %); they must sum to exactly 100 000, else the flag is malformed.
        ///   - bucketBy: the attribute whose value is hashed.
        ///   - contextKind: the kind of context that is bucketed.
        ///   - seed: the hash seed; `nil` for none.
        public func fallthroughRollout(weights: [Int], bucketBy: String = "key", contextKind: String = "user",
                                       seed: UInt32? = nil) -> FlagBuilder {
            var copy = self
            copy.fallthroughServe = .rollout(Rollout(weights: weights, bucketBy: bucketBy, contextKind: contextKind, seed: seed))
            return copy
        }

        /// Makes the flag serve one variation to every context: turns it on, removes its targets
        /// and rules, and sets the fallthrough. The off variation is unchanged.
        public func variationForAll(_ index: Int) -> FlagBuilder {
            var copy = on(true).fallthroughVariation(index)
            copy.targets = []
            copy.rules = []
            return copy
        }

        /// Makes the flag serve the variation of `value` to every context, making it boolean first
        /// if needed. See `variationForAll(_:)` with an index.
        public func variationForAll(_ value: Bool) -> FlagBuilder {
            let (flag, index) = resolving(value)
            return flag.variationForAll(index)
        }

        // MARK: Targets

        /// Serves a variation to the contexts of these keys (of kind `contextKind`), before any rule.
        /// A key served another variation before is moved to this one.
        public func variation(_ index: Int, forKeys keys: String..., contextKind: String = "user") -> FlagBuilder {
            variation(index, forKeys: keys, contextKind: contextKind)
        }

        /// Serves a variation to the contexts of these keys (of kind `contextKind`), before any rule.
        /// A key served another variation before is moved to this one.
        public func variation(_ index: Int, forKeys keys: [String], contextKind: String = "user") -> FlagBuilder {
            var copy = self
            for key in keys {
                for t in copy.targets.indices where copy.targets[t].contextKind == contextKind {
                    copy.targets[t].keys.removeAll { $0 == key }
                }
                if let t = copy.targets.firstIndex(where: { $0.contextKind == contextKind && $0.variation == index }) {
                    copy.targets[t].keys.append(key)
                } else {
                    copy.targets.append(Target(contextKind: contextKind, variation: index, keys: [key]))
                }
            }
            copy.targets.removeAll { $0.keys.isEmpty }
            return copy
        }

        /// Serves the variation of `value` to the contexts of these keys (of kind `contextKind`),
        /// making the flag boolean first if needed.
        public func variation(_ value: Bool, forKeys keys: String..., contextKind: String = "user") -> FlagBuilder {
            variation(value, forKeys: keys, contextKind: contextKind)
        }

        /// Serves the variation of `value` to the contexts of these keys (of kind `contextKind`),
        /// making the flag boolean first if needed.
        public func variation(_ value: Bool, forKeys keys: [String], contextKind: String = "user") -> FlagBuilder {
            let (flag, index) = resolving(value)
            return flag.variation(index, forKeys: keys, contextKind: contextKind)
        }

        /// Removes every target.
        public func clearTargets() -> FlagBuilder {
            var copy = self
            copy.targets = []
            return copy
        }

        // MARK: Rules

        /// Starts a rule matching contexts whose `attribute` (of the `contextKind` context) equals
        /// one of `values` (the `in` operator). Add conditions with the ``RuleBuilder`` calls, then end
        /// the rule with `RuleBuilder.thenReturn(_:)`. Rules are tried in the order added.
        public func ifMatch(_ attribute: String, _ values: JSONValue..., contextKind: String = "user") -> RuleBuilder {
            ifMatch(attribute, values, contextKind: contextKind)
        }

        /// Starts a rule matching contexts whose `attribute` equals one of `values`.
        /// See the variadic `ifMatch(_:_:contextKind:)`.
        public func ifMatch(_ attribute: String, _ values: [JSONValue], contextKind: String = "user") -> RuleBuilder {
            RuleBuilder(flag: self).andMatch(attribute, values, contextKind: contextKind)
        }

        /// Starts a rule matching contexts whose `attribute` (of the `contextKind` context) is present
        /// and equals none of `values` (the `in` operator, negated). A context without the attribute,
        /// or without a context of that kind, does not match.
        public func ifNotMatch(_ attribute: String, _ values: JSONValue..., contextKind: String = "user") -> RuleBuilder {
            ifNotMatch(attribute, values, contextKind: contextKind)
        }

        /// Starts a rule matching contexts whose `attribute` is present and equals none of `values`.
        public func ifNotMatch(_ attribute: String, _ values: [JSONValue], contextKind: String = "user") -> RuleBuilder {
            RuleBuilder(flag: self).andNotMatch(attribute, values, contextKind: contextKind)
        }

        /// Starts a rule with any clause: another operator (`startsWith`, `semVerLessThan`,
        /// `segmentMatch`…), case-insensitive matching.
        package func ifMatch(_ clause: ClauseDefinition) -> RuleBuilder {
            RuleBuilder(flag: self).andMatch(clause)
        }

        /// Removes every rule.
        public func clearRules() -> FlagBuilder {
            var copy = self
            copy.rules = []
            return copy
        }

        // MARK: Other members

        /// Puts the flag in these flag sets (replacing the ones given before), for clients that
        /// load only some sets (`Configuration.flagSets`).
        public func flagSets(_ names: String...) -> FlagBuilder {
            var copy = self
            copy.sets = names
            return copy
        }

        // MARK: Building

        /// The flag with a rule added; for ``RuleBuilder``.
        func adding(_ rule: Rule) -> FlagBuilder {
            var copy = self
            copy.rules.append(rule)
            return copy
        }

        /// The flag and the index of its variation of `value`: this flag when all its values are
        /// booleans and one is `value`, else the flag made boolean.
        func resolving(_ value: Bool) -> (FlagBuilder, Int) {
            if variationList.allSatisfy({ $0.value.boolValue != nil }),
               let index = variationList.firstIndex(where: { $0.value == .bool(value) }) {
                return (self, index)
            }
            return (booleanFlag(), value ? 1 : 0)
        }

        /// The flag's definition, as `TestData.update(_:)` puts it in the document (with the
        /// document's version): to look at, or to use with another source.
        package func definition(version: Int64 = 0) -> FlagDefinition {
            FlagDefinition(
                key: key, version: version, enabled: isOn, type: valueType, variations: variationList,
                offVariation: offIndex.map(variationKey),
                targets: targets.map { TargetDefinition(contextKind: $0.contextKind, values: $0.keys, variation: variationKey($0.variation)) },
                rules: rules.enumerated().map { index, rule in
                    RuleDefinition(id: "rule\(index)", clauses: rule.clauses, serve: serveDefinition(rule.serve))
                },
                fallthrough: serveDefinition(fallthroughServe), sets: sets)
        }

        /// The type of the values: `boolean`, `string` or `number` when all share it, else `json`.
        var valueType: FlagValueType {
            let values = variationList.map(\.value)
            guard !values.isEmpty else { return .json }
            if values.allSatisfy({ $0.boolValue != nil }) { return .boolean }
            if values.allSatisfy({ $0.stringValue != nil }) { return .string }
            if values.allSatisfy({ $0.numberValue != nil }) { return .number }
            return .json
        }

        /// The key of variation `index`; for an index with no variation, a key no variation has,
        /// which makes the flag malformed.
        func variationKey(_ index: Int) -> String {
            if variationList.indices.contains(index) { return variationList[index].key }
            var missing = "#\(index)"
            while variationList.contains(where: { $0.key == missing }) { missing += "#" }
            return missing
        }

        private func serveDefinition(_ serve: Serve) -> ServeDefinition {
            switch serve {
            case .variation(let index):
                return .variation(variationKey(index))
            case .rollout(let rollout):
                return .rollout(RolloutDefinition(
                    contextKind: rollout.contextKind, bucketBy: rollout.bucketBy, seed: rollout.seed,
                    variations: rollout.weights.enumerated().map { index, weight in
                        RolloutDefinition.WeightedVariation(variation: variationKey(index), weight: Int64(weight))
                    }))
            }
        }

        /// Variations for `values`, keyed by value (see ``FlagBuilder``).
        static func keyed(_ values: [JSONValue]) -> [VariationDefinition] {
            let keys = values.enumerated().map { index, value -> String in
                switch value {
                case .string(let s) where !s.isEmpty: s
                case .bool, .number: value.serialized()
                default: String(index)
                }
            }
            let unique = Set(keys).count == keys.count ? keys : values.indices.map { String($0) }
            return zip(unique, values).map { VariationDefinition(key: $0, value: $1) }
        }
    }
}
