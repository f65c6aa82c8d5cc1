/// Lowers Split's matchers into conditions with the semantics of Split's Python SDK
/// (docs/split.md, "Matchers"):
///
/// - a matcher reads the attribute its `keySelector` names (`/attributes/<name>` of a Split
///   context), else the matching key; an absent or `null` attribute fails the matcher before
///   `negate` applies, so a negated matcher on it holds;
/// - a list attribute is one value (set matchers compare collections; string matchers read a
///   non-string as Python's `json.dumps` writes it); numbers are integers or numeric strings;
///   dates are Unix seconds compared with the matcher's milliseconds after truncating both to the
///   UTC day (`EQUAL_TO`) or the minute;
/// - `IN_SEGMENT` tests the matching key (and that a selected attribute is present);
///   `IN_RULE_BASED_SEGMENT` a rule-based segment, whose excluded rule-based segments are read
///   as Python reads them; one that does not exist fails the evaluation (`ERROR/EXCEPTION`);
/// - `IN_SPLIT_TREATMENT` evaluates the other flag; a missing flag serves `control`.
struct SplitMatcherLowering {
    let names: SplitSegmentNames
    let ruleBased: [String: SplitRuleBasedSegment]

    /// How deep excluded rule-based segments are followed before the evaluation fails, as
    /// Python's recursion would.
    static let maxExclusionDepth = 16

    private var kind: String { SplitLowering.kind }

    func lower(_ m: SplitMatcher) -> Condition {
        let label = TestLabel { Self.label(m) }
        func negated(_ c: Condition) -> Condition { m.negate ? .not(c) : c }
        let never = negated(.any([]))
        guard let attribute = Self.reference(m.attribute) else { return never }
        func test(_ op: Operator) -> Condition {
            .test(AttributeTest(contextKind: kind, attribute: attribute, op: op, negate: m.negate, absent: .failsOperator,
                                lowercaseInput: false, label: label, wholeValue: true))
        }
        switch (m.type, m.data) {
        case ("ALL_KEYS", _):
            return negated(.always)
        case ("IN_SEGMENT", .segment(let name)):
            guard let name else { return never }
            let member = segment(names.standard(name), m, label)
            guard m.attribute != nil else { return negated(member) }
            let present = Condition.test(AttributeTest(contextKind: kind, attribute: attribute, op: .present, negate: false,
                                                       absent: .isFalse, lowercaseInput: false, label: label, wholeValue: true))
            return negated(.all([present, member]))
        case ("IN_RULE_BASED_SEGMENT", .segment(let name)):
            guard let name else { return never }
            guard ruleBased[name] != nil else { return .exception }
            return negated(segment(names.ruleBased(name), m, label))
        case ("WHITELIST", .whitelist(let list)):
            return test(.text(.equality(ValueSet(list.filter { $0.stringValue != nil }, lowercased: false))))
        case ("EQUAL_TO_SET", .whitelist(let list)): return test(.setRelation(.equal, list.compactMap(\.stringValue)))
        case ("CONTAINS_ANY_OF_SET", .whitelist(let list)): return test(.setRelation(.intersects, list.compactMap(\.stringValue)))
        case ("CONTAINS_ALL_OF_SET", .whitelist(let list)): return test(.setRelation(.containsAll, list.compactMap(\.stringValue)))
        case ("PART_OF_SET", .whitelist(let list)): return test(.setRelation(.within, list.compactMap(\.stringValue)))
        case ("STARTS_WITH", .whitelist(let list)): return test(.text(.string(.prefix, StringOperands(list.compactMap(\.stringValue)))))
        case ("ENDS_WITH", .whitelist(let list)): return test(.text(.string(.suffix, StringOperands(list.compactMap(\.stringValue)))))
        case ("CONTAINS_STRING", .whitelist(let list)):
            return test(.text(.string(.substring, StringOperands(list.compactMap(\.stringValue)))))
        case ("MATCHES_STRING", .string(let pattern)):
            // Python's `re.search`, as Split's Python SDK runs it.
            guard let regex = try? PortableRegex(pattern: pattern, syntax: .python) else { return never }
            return test(.text(.regex([regex])))
        case ("EQUAL_TO_BOOLEAN", .boolean(let value)):
            // Python compares the read boolean with the data: `1` and `0` equal `True` and `False`.
            switch value {
            case .bool(let b): return test(.booleanText(b))
            case .number(let n) where n == 1 || n == 0: return test(.booleanText(n == 1))
            default: return never
            }
        case (let type, .unary(let dataType, let value)):
            guard let range = Self.range(type, dataType, value, value) else {
                return type == "EQUAL_TO" ? never : comparisonFails(from: .min, test, negated)
            }
            return test(.integerRange(range.lower, range.upper))
        case ("BETWEEN", .between(let dataType, let start, let end)):
            guard let range = Self.range("BETWEEN", dataType, start, end) else {
                // Python's `start <= x <= end` stops at a start above the input before it reads the end.
                let start = Self.range("GREATER_THAN_OR_EQUAL_TO", dataType, start, start)?.lower
                return comparisonFails(from: start ?? .min, test, negated)
            }
            return test(.integerRange(range.lower, range.upper))
        case ("EQUAL_TO_SEMVER", .string(let text)):
            return test(DottedVersion(text).map { .dottedVersion(.equal($0)) } ?? .dottedVersion(.oneOf([])))
        case ("GREATER_THAN_OR_EQUAL_TO_SEMVER", .string(let text)):
            return test(DottedVersion(text).map { .dottedVersion(.atLeast($0)) } ?? .dottedVersion(.oneOf([])))
        case ("LESS_THAN_OR_EQUAL_TO_SEMVER", .string(let text)):
            return test(DottedVersion(text).map { .dottedVersion(.atMost($0)) } ?? .dottedVersion(.oneOf([])))
        case ("BETWEEN_SEMVER", .betweenStrings(let start, let end)):
            guard let low = DottedVersion(start), let high = DottedVersion(end) else { return test(.dottedVersion(.oneOf([]))) }
            return test(.dottedVersion(.between(low, high)))
        case ("IN_LIST_SEMVER", .whitelist(let list)):
            return test(.dottedVersion(.oneOf(Set(list.compactMap { $0.stringValue.flatMap(DottedVersion.init)?.normalized }))))
        case ("IN_SPLIT_TREATMENT", .dependency(let flag, let treatments)):
            return negated(.flagServes(FlagServesTest(flagKey: flag, variationKeys: treatments,
                                                      acceptsNone: treatments.contains("control"), label: label)))
        default:
            return never
        }
    }

    /// An ordering against matcher data that is not a number: Python's comparison of an integer
    /// input (from `lower` up, for `BETWEEN` with a valid start) with it raises
    /// (`ERROR/EXCEPTION`); an input that is no integer, or below `lower`, fails first.
    private func comparisonFails(from lower: WideInteger, _ test: (Operator) -> Condition,
                                 _ negated: (Condition) -> Condition) -> Condition {
        let integer = test(.integerRange(lower, .max))
        guard case .test(var present) = integer else { return .exception }
        present.negate = false
        present.absent = .isFalse
        return .any([.all([.test(present), .exception]), negated(.any([]))])
    }

    private func segment(_ key: String, _ m: SplitMatcher, _ label: TestLabel) -> Condition {
        let dataPath = m.path.appending("userDefinedSegmentMatcherData").appending("segmentName")
        return .segmentMatch(SegmentTest(segmentKeys: [key], negate: false, path: dataPath, usePath: m.path, label: label,
                                         unknownSegmentsMatchNothing: true))
    }

    /// The attribute a matcher reads: `nil` selects the matching key; a name, the Split
    /// attribute of that name. `nil` for a name no reference can hold (the empty name), which
    /// no context has.
    static func reference(_ name: String?) -> AttributeReference? {
        guard let name else { return .key }
        return AttributeReference("/\(Context.splitAttributes)/\(AttributeReference.escaped(name))")
    }

    /// The inclusive range of integers a numeric or date matcher accepts (`nil`: data that is not
    /// a number). Python compares its integer input with the data exactly: an integer datum bounds
    /// exactly, a fractional one (`18.5`) by the integers either side of it.
    static func range(_ type: String, _ dataType: String, _ start: JSONValue, _ end: JSONValue)
        -> (lower: WideInteger, upper: WideInteger)? {
        // Python's booleans are the integers 1 and 0.
        func number(_ value: JSONValue) -> JSONNumber? {
            if let b = value.boolValue { return JSONNumber(b ? 1 : 0) }
            if case .number(let n) = value { return n }
            return nil
        }
        guard let a = number(start), let b = number(end) else { return nil }
        func lower(_ n: JSONNumber) -> WideInteger { WideInteger(exactly: n) ?? WideInteger(ceiling: n.doubleValue) ?? .max }
        func upper(_ n: JSONNumber) -> WideInteger { WideInteger(exactly: n) ?? WideInteger(floor: n.doubleValue) ?? .min }
        if dataType == "NUMBER" {
            switch type {
            case "EQUAL_TO": return (lower(a), upper(a))
            case "GREATER_THAN_OR_EQUAL_TO": return (lower(a), .max)
            case "LESS_THAN_OR_EQUAL_TO": return (.min, upper(a))
            default: return (lower(a), upper(b))
            }
        }
        // Matcher data is milliseconds, divided by 1000 as a float and truncated to the day or
        // minute (`java_ts_truncate_*`); the input's seconds are truncated alike, so the range
        // holds whole minutes or days of the input's seconds.
        func truncated(_ ms: JSONNumber, _ unit: Double) -> Double {
            unit * (ms.doubleValue / 1000 / unit).rounded(.down)
        }
        func bounds(_ low: Double, _ high: Double) -> (lower: WideInteger, upper: WideInteger) {
            (WideInteger(ceiling: low) ?? .max, WideInteger(floor: high) ?? .min)
        }
        switch type {
        case "EQUAL_TO":
            let day = truncated(a, 86_400)
            return bounds(day, day + 86_399)
        case "GREATER_THAN_OR_EQUAL_TO": return (bounds(truncated(a, 60), 0).lower, .max)
        case "LESS_THAN_OR_EQUAL_TO": return (.min, bounds(0, truncated(a, 60) + 59).upper)
        default: return bounds(truncated(a, 60), truncated(b, 60) + 59)
        }
    }

    // MARK: Rule-based segments

    func lower(ruleBased segment: SplitRuleBasedSegment) -> SegmentDraft {
        var entries: [SegmentEntry] = []
        if !segment.excludedKeys.isEmpty {
            entries.append(SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: kind, keys: segment.excludedKeys)),
                                        includes: false, decision: .excluded))
        }
        if !segment.excludedSegments.isEmpty {
            entries.append(SegmentEntry(condition: excludedBy(segment.excludedSegments[...], depth: 0), includes: false,
                                        decision: .excludedContexts))
        }
        for (i, condition) in segment.conditions.enumerated() {
            entries.append(SegmentEntry(condition: .all(condition.matchers.map(lower)), includes: true, decision: .rule(i)))
        }
        return SegmentDraft(key: names.ruleBased(segment.name), path: segment.path, entries: entries)
    }

    /// Whether excluded segments exclude the key, as Python's SDK decides: a standard segment
    /// holding the key excludes it; for a rule-based one, the key among its excluded keys ends the
    /// check (not excluded), else its own excluded segments or any of its conditions exclude it;
    /// then the next entry.
    private func excludedBy(_ list: ArraySlice<SplitRuleBasedSegment.Excluded>, depth: Int) -> Condition {
        guard let first = list.first else { return .any([]) }
        let rest = excludedBy(list.dropFirst(), depth: depth)
        let label = TestLabel(text: "excluded segment \(first.name)")
        guard first.isRuleBased else {
            let member = Condition.segmentMatch(SegmentTest(segmentKeys: [names.standard(first.name)], negate: false, path: .root,
                                                            usePath: .root, label: label, unknownSegmentsMatchNothing: true))
            return .any([member, rest])
        }
        guard let nested = ruleBased[first.name], depth < Self.maxExclusionDepth else { return .exception }
        let matches = Condition.any([excludedBy(nested.excludedSegments[...], depth: depth + 1),
                                     .any(nested.conditions.map { .all($0.matchers.map(lower)) }), rest])
        guard !nested.excludedKeys.isEmpty else { return matches }
        return .all([.not(.contextKey(ContextKeyTest(contextKind: kind, keys: nested.excludedKeys))), matches])
    }

    // MARK: Problems and labels

    /// Warnings about a flag's matchers that never match here though Split's SDKs might match them.
    func problems(of flag: SplitFlag) -> [DefinitionProblem] {
        var problems: [DefinitionProblem] = []
        for condition in flag.conditions {
            for m in condition.matchers {
                if case .string(let pattern) = m.data, m.type == "MATCHES_STRING" {
                    do { _ = try PortableRegex(pattern: pattern, syntax: .python) } catch {
                        problems.append(DefinitionProblem(.warning, .flag(flag.name), at: m.path.appending("stringMatcherData"),
                            RegexOperator.refusal(.string(pattern), error)))
                    }
                }
            }
        }
        return problems
    }

    /// The matcher as `explain` shows it.
    static func label(_ m: SplitMatcher) -> String {
        var text = m.attribute.map { "attributes.\($0) " } ?? "key "
        if m.negate { text += "not " }
        text += m.type
        switch m.data {
        case .none: break
        case .segment(let name): text += " \(name ?? "null")"
        case .whitelist(let list): text += " \(JSONValue.array(list).serialized())"
        case .unary(let dataType, let value): text += " \(dataType) \(value.serialized())"
        case .between(let dataType, let start, let end): text += " \(dataType) \(start.serialized()) and \(end.serialized())"
        case .boolean(let value): text += " \(value.serialized())"
        case .string(let s): text += " \(JSONValue.string(s).serialized())"
        case .betweenStrings(let a, let b): text += " \(a) and \(b)"
        case .dependency(let flag, let treatments): text += " \(flag) \(JSONValue.array(treatments.map(JSONValue.string)).serialized())"
        }
        return text
    }
}
