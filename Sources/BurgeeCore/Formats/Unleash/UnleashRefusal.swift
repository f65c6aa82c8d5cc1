/// The parts of a feature that Yggdrasil, Unleash's reference engine, cannot compile.
///
/// Yggdrasil writes a toggle's strategies into one rule text (`… or …`) and compiles that; when any
/// part fails, the toggle is always off and its variant is `disabled`, whatever its other
/// strategies say. Burgee follows it: such a feature lowers to a flag that never passes, with a
/// warning at the part that caused it. The parts are:
/// - a segment id that no segment has;
/// - an unknown constraint operator;
/// - a `NUM_*`, `DATE_*` or `SEMVER_*` constraint without `value`, or whose value is neither a
///   date, a version nor a number (``UnleashOrdinalValue``); `SEMVER_*` values starting with `v`
///   are not refused (that constraint is false instead);
/// - a `STR_*` or `IN_CIDR` constraint with no values;
/// - a rollout percentage above 100 (`flexibleRollout`'s `rollout`, and `percentage` of the
///   `gradualRollout…Id` strategies when they have a `groupId`);
/// - text that breaks the rule's quoting: a value, regular expression or user id ending in a
///   backslash, and a property name, `groupId`, address or host name holding a double quote.
enum UnleashRefusal {
    /// The operators Yggdrasil knows.
    static let knownOperators: Set<String> = [
        "IN", "NOT_IN", "STR_STARTS_WITH", "STR_ENDS_WITH", "STR_CONTAINS", "NUM_EQ", "NUM_GT", "NUM_GTE", "NUM_LT",
        "NUM_LTE", "DATE_AFTER", "DATE_BEFORE", "SEMVER_EQ", "SEMVER_GT", "SEMVER_GTE", "SEMVER_LT", "SEMVER_LTE",
        "REGEX", "IN_CIDR",
    ]

    /// The fields Yggdrasil reads from the context itself; any other name is a property.
    static let standardFields: Set<String> = ["userId", "sessionId", "remoteAddress", "environment", "appName", "currentTime"]

    /// The first part of `feature` that Yggdrasil refuses, with its path and why; `nil` when none.
    static func firstRefusal(of feature: UnleashFeature, segments: [Int64: UnleashSegment]) -> (JSONPointer, String)? {
        for strategy in feature.strategies {
            if let refusal = refusal(of: strategy, segments: segments) { return refusal }
        }
        return nil
    }

    private static func refusal(of strategy: UnleashStrategy, segments: [Int64: UnleashSegment]) -> (JSONPointer, String)? {
        let p = strategy.parameters
        let parameters = strategy.path.appending("parameters")
        switch strategy.name {
        case "flexibleRollout":
            if let rollout = rolloutPercentage(p["rollout"]) {
                if rollout > 100 { return (parameters.appending("rollout"), "rollout \(rollout) is above 100") }
                if let stickiness = p["stickiness"], stickiness != "default", stickiness != "random",
                   !standardFields.contains(stickiness), breaksQuoting(stickiness, escaped: false) {
                    return (parameters.appending("stickiness"), "stickiness '\(stickiness)' breaks the rule's quoting")
                }
                if let group = p["groupId"], breaksQuoting(group, escaped: false) {
                    return (parameters.appending("groupId"), "groupId '\(group)' breaks the rule's quoting")
                }
            }
        case "gradualRolloutUserId", "gradualRolloutSessionId":
            if let percentage = rolloutPercentage(p["percentage"]), let group = p["groupId"] {
                if percentage > 100 { return (parameters.appending("percentage"), "percentage \(percentage) is above 100") }
                if breaksQuoting(group, escaped: false) {
                    return (parameters.appending("groupId"), "groupId '\(group)' breaks the rule's quoting")
                }
            }
        case "userWithId":
            if let ids = p["userIds"], UnleashLowering.items(ids).contains(where: { breaksQuoting($0, escaped: true) }) {
                return (parameters.appending("userIds"), "a user id ending in a backslash breaks the rule's quoting")
            }
        case "remoteAddress":
            if let ips = p["IPs"], UnleashLowering.items(ips).contains(where: { breaksQuoting($0, escaped: false) }) {
                return (parameters.appending("IPs"), "an address breaks the rule's quoting")
            }
        case "applicationHostname":
            if UnleashLowering.items(p["hostNames"] ?? "").contains(where: { breaksQuoting($0, escaped: false) }) {
                return (parameters.appending("hostNames"), "a host name breaks the rule's quoting")
            }
        default:
            break
        }
        var constraints = strategy.constraints
        for (i, id) in strategy.segments.enumerated() {
            guard let segment = segments[id] else {
                return (strategy.path.appending("segments").appending(i), "segment \(id) does not exist")
            }
            constraints += segment.constraints
        }
        for c in constraints {
            if let refusal = refusal(of: c) { return refusal }
        }
        return nil
    }

    private static func refusal(of c: UnleashConstraint) -> (JSONPointer, String)? {
        guard knownOperators.contains(c.operatorName) else {
            return (c.path.appending("operator"), "unknown operator '\(c.operatorName)'")
        }
        if !standardFields.contains(c.contextName), breaksQuoting(c.contextName, escaped: false) {
            return (c.path.appending("contextName"), "context name '\(c.contextName)' breaks the rule's quoting")
        }
        switch c.operatorName {
        case "STR_STARTS_WITH", "STR_ENDS_WITH", "STR_CONTAINS", "IN_CIDR":
            if c.values.isEmpty { return (c.path.appending("values"), "\(c.operatorName) has no values") }
        case "REGEX":
            if let pattern = c.value, breaksQuoting(pattern, escaped: true) {
                return (c.path.appending("value"), "a pattern ending in a backslash breaks the rule's quoting")
            }
            return nil
        case "IN", "NOT_IN":
            break
        default:
            guard let value = c.value else { return (c.path.appending("value"), "\(c.operatorName) has no value") }
            if c.operatorName.hasPrefix("SEMVER_"), value.hasPrefix("v") { return nil }
            if UnleashOrdinalValue(value) == nil {
                return (c.path.appending("value"), "'\(value)' is neither a date, a semantic version nor a number")
            }
            return nil
        }
        if c.values.contains(where: { breaksQuoting($0, escaped: true) }) {
            return (c.path.appending("values"), "a value ending in a backslash breaks the rule's quoting")
        }
        return nil
    }

    /// A rollout percentage as Yggdrasil reads it (an unsigned integer, `+` allowed); `nil` when
    /// it is not one, which makes the strategy false rather than the toggle refused.
    static func rolloutPercentage(_ text: String?) -> UInt64? {
        guard var digits = text?[...] else { return nil }
        if digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt64(digits)
    }

    /// Whether `text`, quoted into the rule, ends its string early or never ends it: a trailing
    /// backslash escapes the closing quote; unescaped text may not hold a quote at all.
    private static func breaksQuoting(_ text: String, escaped: Bool) -> Bool {
        text.hasSuffix("\\") || (!escaped && text.contains("\""))
    }
}
