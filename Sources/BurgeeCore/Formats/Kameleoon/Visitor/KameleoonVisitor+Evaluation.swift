extension KameleoonVisitor {
    /// The code a flag's hashes use: the first value of the flag's bucketing custom data when the
    /// visitor has it, else the visitor's mapping identifier, else its code.
    package func codeForHash(_ flag: KameleoonFlag, document: KameleoonDocument) -> String {
        guard exists else { return code }
        if let id = flag.bucketingCustomDataId, id != 0, let index = document.customDataIndex(id: id), index != 0,
           let values = customData.first(where: { $0.index == index })?.values, let first = values.first {
            return first
        }
        if let mappingIdentifier, !mappingIdentifier.isEmpty { return mappingIdentifier }
        return code
    }

    /// What evaluating `flag` does before its rules, as Kameleoon's SDKs do it: the holdout's
    /// variation for the visitor is saved as an assignment (so that the flag's own conditions and
    /// later evaluations see it), and the contextual bandit picks of the flag's rules are made.
    /// Returns the context to evaluate `flag` with at `now`.
    package mutating func prepared(for flag: KameleoonFlag, document: KameleoonDocument, now: Int64) -> Context {
        var holdout: Assignment?
        return prepared(for: flag, document: document, now: now, holdout: &holdout)
    }

    /// ``prepared(for:document:now:)``, setting `holdout` to the holdout assignment it saved, if
    /// any (Kameleoon's SDKs track it).
    package mutating func prepared(for flag: KameleoonFlag, document: KameleoonDocument, now: Int64,
                                   holdout saved: inout Assignment?) -> Context {
        var picks: [String: JSONValue] = [:]
        guard flag.environmentEnabled else { return Context(kameleoon: self, now: now) }
        let blocked = document.settings.consentRequired && document.settings.fullyBlocks && consent == false
        if let holdout = document.holdout, !blocked {
            let h = KameleoonHash.fraction(codeForHash(flag, document: document), container: holdout.id, respool: nil)
            if let picked = KameleoonHash.pick(h, holdout.runningSums), let variationId = holdout.variations[picked].variationId {
                assign(experimentId: holdout.id, variationId: variationId, at: now)
                saved = Assignment(experimentId: holdout.id, variationId: variationId, time: now)
            }
        }
        if let scores = contextualScores {
            let code = codeForHash(flag, document: document)
            for (k, rule) in flag.rules.enumerated() {
                guard let groups = scores[rule.experiment.id] else { continue }
                for group in groups {
                    let candidates = rule.experiment.variations.indices.filter {
                        rule.experiment.variations[$0].variationId.map(group.contains) ?? false
                    }
                    guard !candidates.isEmpty else { continue }
                    var chosen = 0
                    if candidates.count > 1 {
                        let h = KameleoonHash.fraction(code, container: rule.experiment.id, respool: rule.respoolTime)
                        chosen = min(Int((h * Double(candidates.count)).rounded(.down)), candidates.count - 1)
                    }
                    picks[KameleoonLowering.contextualPickAttribute(rule: k)] = .number(Double(candidates[chosen]))
                    break
                }
            }
        }
        return Context(kameleoon: self, now: now, picks: picks)
    }

    /// Saves what an evaluation of `flag` served, as Kameleoon's SDKs save it: a variation that a
    /// rule served and that has an id becomes the visitor's assignment for the rule's experiment.
    package mutating func record(_ detail: EvaluationDetail, of flag: KameleoonFlag, at now: Int64) {
        guard let served = KameleoonServed(detail, flag: flag), let variationId = served.variationId else { return }
        assign(experimentId: served.experimentId, variationId: variationId, at: now)
    }
}

/// Kameleoon's hash, outside the program: for the holdout and contextual bandit picks made
/// before a flag's rules.
enum KameleoonHash {
    static func fraction(_ code: String, container: Int64, respool: Int64?) -> Double {
        // The family's raw hash is the fraction's bit pattern.
        Double(bitPattern: BucketingFamily.kameleoon(container: container, respool: respool).hash(ofString: code))
    }

    /// The first running sum at least `h`.
    static func pick(_ h: Double, _ sums: [Double]) -> Int? {
        sums.firstIndex { $0 >= h }
    }
}

/// The rule that served an evaluation of a Kameleoon flag, and what it served: the experiment and
/// the variation id of the served entry (the first of the rule's entries with the served key).
package struct KameleoonServed: Sendable, Equatable {
    package var ruleIndex: Int
    package var rule: KameleoonRule
    package var experimentId: Int64
    package var variationId: Int64?

    package init?(_ detail: EvaluationDetail, flag: KameleoonFlag) {
        guard detail.reason.kind == .ruleMatch, let index = detail.reason.ruleIndex, index < flag.rules.count,
              let served = detail.variationIndex else { return nil }
        let rule = flag.rules[index]
        ruleIndex = index
        self.rule = rule
        experimentId = rule.experiment.id
        let variations = KameleoonVariations(flag)
        let entry = rule.experiment.variations.first { variations.index(of: $0.variationKey) == served }
        variationId = entry?.variationId
    }
}
