import Burgee
import BurgeeCore

/// Split's calls on a `BurgeeClient`, in Split's words: `client.split.treatment(…)` and its
/// siblings answer what a Split server SDK's `getTreatment`, `getTreatmentWithConfig`,
/// `getTreatments`, `getTreatmentsWithConfig`, `getTreatmentsByFlagSet(s)` and
/// `getTreatmentsWithConfigByFlagSet(s)` answer, for flags of any format (a flag of another
/// format answers its variation's key as the treatment).
///
/// ```swift
/// let treatment = client.split.treatment("new-checkout", key: "user-42", attributes: ["plan": "pro"])
/// if treatment == "on" { print("new checkout") }
/// ```
///
/// A flag that cannot be evaluated (unknown, a key Split refuses, no definitions yet) answers
/// `control`, as Split's SDKs do. Every call counts and records exposures like every evaluation.
/// A view holds only its client: taking one costs nothing.
public struct SplitView: Sendable {
    /// The client the calls go to.
    let client: BurgeeClient

    /// The treatment of `flag` for `key` (Split's `getTreatment(key, flag, attributes)`).
    /// - Parameters:
    ///   - flag: the flag's name (trimmed of white space, as Split's SDKs trim it).
    ///   - key: the matching key, which matchers and segments read.
    ///   - bucketingKey: the key that rollouts hash, when it differs from `key` (Split's `Key(matching, bucketing)`).
    ///   - attributes: the attributes matchers read (dates as Unix seconds, as Split's Python and Go SDKs take them).
    ///   - track: `false` records no exposure event for this call (it still counts in the summary).
    public func treatment(_ flag: String, key: String, bucketingKey: String? = nil, attributes: [String: JSONValue] = [:],
                          track: Bool = true) -> String {
        guard let name = Self.flagName(flag) else { return SplitResult.control }
        // The treatment is the served variation's key: read from the outcome, nothing else built.
        var treatment = SplitResult.control
        client.readOutcomeForView(name, context: Context(splitKey: key, bucketingKey: bucketingKey, attributes: attributes),
                                  track: track) { outcome, snapshot in
            if outcome.kind != .error, let served = snapshot?.variationKey(of: outcome) { treatment = served }
        }
        return treatment
    }

    /// The treatment of `flag` for `key` with its configuration (Split's `getTreatmentWithConfig`).
    /// See ``treatment(_:key:bucketingKey:attributes:track:)`` for the parameters.
    public func treatmentWithConfig(_ flag: String, key: String, bucketingKey: String? = nil,
                                    attributes: [String: JSONValue] = [:], track: Bool = true) -> SplitTreatment {
        guard let name = Self.flagName(flag) else { return .control }
        return evaluate(name, Context(splitKey: key, bucketingKey: bucketingKey, attributes: attributes), track: track)
    }

    /// The treatments of `flags` for `key`, by flag name (Split's `getTreatments`).
    public func treatments(_ flags: [String], key: String, bucketingKey: String? = nil, attributes: [String: JSONValue] = [:],
                           track: Bool = true) -> [String: String] {
        treatmentsWithConfig(flags, key: key, bucketingKey: bucketingKey, attributes: attributes, track: track)
            .mapValues(\.treatment)
    }

    /// The treatments of `flags` for `key` with their configurations, by flag name (Split's
    /// `getTreatmentsWithConfig`). Names are trimmed; empty ones are left out.
    public func treatmentsWithConfig(_ flags: [String], key: String, bucketingKey: String? = nil,
                                     attributes: [String: JSONValue] = [:], track: Bool = true) -> [String: SplitTreatment] {
        let context = Context(splitKey: key, bucketingKey: bucketingKey, attributes: attributes)
        var answers: [String: SplitTreatment] = [:]
        for flag in flags.compactMap(Self.flagName) where answers[flag] == nil {
            answers[flag] = evaluate(flag, context, track: track)
        }
        return answers
    }

    /// The treatments of the flags in `flagSet` for `key` (Split's `getTreatmentsByFlagSet`).
    public func treatmentsByFlagSet(_ flagSet: String, key: String, bucketingKey: String? = nil,
                                    attributes: [String: JSONValue] = [:], track: Bool = true) -> [String: String] {
        treatmentsByFlagSets([flagSet], key: key, bucketingKey: bucketingKey, attributes: attributes, track: track)
    }

    /// The treatments of the flags in any of `flagSets` for `key` (Split's `getTreatmentsByFlagSets`).
    public func treatmentsByFlagSets(_ flagSets: [String], key: String, bucketingKey: String? = nil,
                                     attributes: [String: JSONValue] = [:], track: Bool = true) -> [String: String] {
        treatmentsWithConfigByFlagSets(flagSets, key: key, bucketingKey: bucketingKey, attributes: attributes, track: track)
            .mapValues(\.treatment)
    }

    /// The treatments and configurations of the flags in `flagSet` for `key` (Split's
    /// `getTreatmentsWithConfigByFlagSet`).
    public func treatmentsWithConfigByFlagSet(_ flagSet: String, key: String, bucketingKey: String? = nil,
                                              attributes: [String: JSONValue] = [:], track: Bool = true) -> [String: SplitTreatment] {
        treatmentsWithConfigByFlagSets([flagSet], key: key, bucketingKey: bucketingKey, attributes: attributes, track: track)
    }

    /// The treatments and configurations of the flags in any of `flagSets` for `key` (Split's
    /// `getTreatmentsWithConfigByFlagSets`). Set names are trimmed and lowercased, as Split's SDKs
    /// take them.
    public func treatmentsWithConfigByFlagSets(_ flagSets: [String], key: String, bucketingKey: String? = nil,
                                               attributes: [String: JSONValue] = [:], track: Bool = true) -> [String: SplitTreatment] {
        let sets = Set(flagSets.compactMap { Self.flagName($0)?.lowercased() })
        return treatmentsWithConfig(client.flagKeys(inFlagSets: sets), key: key, bucketingKey: bucketingKey,
                                    attributes: attributes, track: track)
    }

    /// Records an event for Split (Split's `track(key, trafficType, eventType, value, properties)`),
    /// checked as Split's SDKs check it and sent to `/events/bulk` by the Split event destination.
    /// - Parameters:
    ///   - key: the key the event is about; not blank, at most 250 characters.
    ///   - trafficType: its traffic type (`user`, `account`…); not blank, lowercased.
    ///   - eventType: matches `^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$`.
    ///   - value: a finite number, if any.
    ///   - properties: strings, numbers, booleans and `null`; any other value is sent as `null`
    ///     (with a warning). Refused above 32,768 bytes as Split estimates them (1,024 plus the
    ///     characters of each name and string value).
    /// - Returns: whether the event was queued: `false`, with the reason logged, when an argument
    ///   is refused, and as `BurgeeClient.track(_:context:value:properties:)` returns it.
    @discardableResult
    public func track(key: String, trafficType: String, eventType: String, value: Double? = nil,
                      properties: [String: JSONValue]? = nil) -> Bool {
        let input = SplitTrackInput(key: key, trafficType: trafficType, eventType: eventType, value: value,
                                    properties: properties)
        for warning in input.warnings { client.logger.warning("track: \(warning)") }
        guard input.problems.isEmpty else {
            client.logger.error("track: event refused: \(input.problems.joined(separator: "; "))")
            return false
        }
        return client.track(input.eventType, context: Context(splitTrafficType: input.trafficType, key: input.key),
                            value: input.value, properties: input.properties ?? [:])
    }

    private func evaluate(_ flag: String, _ context: Context, track: Bool) -> SplitTreatment {
        client.evaluateForView(flag, context: context, track: track) { detail, snapshot in
            guard let result = snapshot?.splitResult(for: detail, flag: flag) else { return .control }
            return SplitTreatment(treatment: result.treatment, config: result.config)
        }
    }

    /// A flag or set name as Split's SDKs take it: trimmed of white space; `nil` when nothing is left.
    static func flagName(_ name: String) -> String? {
        FormatRegistry.dialect(of: .split).flagKey(requested: name)
    }
}

extension BurgeeClient {
    /// Split's calls: `treatment`, `treatmentWithConfig`, `treatments`, … in Split's words.
    public var split: SplitView { SplitView(client: self) }
}
