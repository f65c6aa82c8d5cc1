/// An assignment with Eppo's evaluation details (Eppo's `get_*_assignment_details`): the value
/// served, if any, and the `evaluation_details` object Eppo's core builds, member for member
/// (docs/datadog.md, "Eppo's details").
///
/// Details are for understanding an assignment, not for the hot path: they walk the flag's
/// allocations as Eppo's core does, asking the compiled program for each condition, and build
/// text as they go.
package struct UFCAssignmentDetails: Sendable {
    /// The value served; `nil` when the default is (every code but `MATCH`).
    package var value: JSONValue?
    /// Eppo's `flagEvaluationCode`.
    package var code: String
    /// The variation key, when an allocation's split was reached (also for
    /// `UNEXPECTED_CONFIGURATION_ERROR` when that split's variation cannot be served).
    package var variationKey: String?
    /// The matched allocation and split, for the assignment event of a `MATCH`.
    package var allocationKey: String?
    package var doLog: Bool
    package var extraLogging: [String: String]
    /// Eppo's `evaluation_details`, without `timestamp` and `configFetchedAt`, which the caller's
    /// clock gives (``json(timestamp:fetchedAt:)``).
    package var members: [String: JSONValue]

    /// The `evaluation_details` object, `timestamp` and `configFetchedAt` (`nil`: no configuration)
    /// in Eppo's RFC 3339 form.
    package func json(timestamp: Timestamp, fetchedAt: Timestamp?) -> JSONValue {
        var members = members
        members["timestamp"] = .string(timestamp.eppoText)
        members["configFetchedAt"] = fetchedAt.map { .string($0.eppoText) } ?? .null
        return .object(members)
    }

    /// The details when there is no configuration yet (`CONFIGURATION_MISSING`).
    package static func configurationMissing(flag key: String, subjectKey: String, attributes: [String: JSONValue]) -> Self {
        var details = Self(value: nil, code: "CONFIGURATION_MISSING", variationKey: nil, allocationKey: nil, doLog: false,
                           extraLogging: [:], members: [:])
        details.members = details.base(key, subjectKey, attributes, environment: nil, publishedAt: nil,
                                       description: "Configuration has not been fetched yet", allocations: [])
        return details
    }

    fileprivate func base(_ key: String, _ subjectKey: String, _ attributes: [String: JSONValue], environment: String?,
                          publishedAt: String?, description: String, allocations: [JSONValue]) -> [String: JSONValue] {
        [
            "flagKey": .string(key), "subjectKey": .string(subjectKey),
            "subjectAttributes": .object(attributes.mapValues(Self.asEppoReads)),
            "configPublishedAt": publishedAt.map(JSONValue.string) ?? .null,
            "environmentName": environment.map(JSONValue.string) ?? .null,
            "banditEvaluationCode": .null, "flagEvaluationCode": .string(code), "flagEvaluationDescription": .string(description),
            "variationKey": variationKey.map(JSONValue.string) ?? .null, "variationValue": .null,
            "banditKey": .null, "banditAction": .null, "allocations": .array(allocations),
        ]
    }

    /// An attribute as Eppo's core holds it: a number as a double (`2^53 + 1` is `2^53`).
    static func asEppoReads(_ value: JSONValue) -> JSONValue {
        if case .number(let n) = value { return .number(n.asDouble) }
        return value
    }
}

extension Snapshot {
    /// The assignment of `key` for the subject with Eppo's evaluation details, as Eppo's core
    /// evaluates it for a call that asks for `type`; `nil` for a snapshot that is not Eppo's UFC.
    package func ufcAssignmentDetails(flag key: String, subjectKey: String, attributes: [String: JSONValue],
                                      type: UFCVariationType) -> UFCAssignmentDetails? {
        guard let model = model as? UFCModel else { return nil }
        var walk = UFCDetailsWalk(snapshot: self, document: model.document, key: key, subjectKey: subjectKey,
                                  attributes: attributes, now: program.clock.now())
        return walk.run(type)
    }

    /// When the snapshot's UFC document was compiled, on its evaluation clock: Eppo's
    /// `configFetchedAt`.
    package var ufcCompiledAt: Timestamp? { (model as? UFCModel)?.compiledAt }
}

/// What a UFC snapshot keeps of its document for details: the document, and when it was compiled.
struct UFCModel: Sendable {
    let document: UFCDocument
    let compiledAt: Timestamp
}

/// One details evaluation: the flag's allocations in order, as Eppo's `get_matching_split` takes
/// them, recording what its details visitor records.
private struct UFCDetailsWalk {
    let snapshot: Snapshot
    let document: UFCDocument
    let key: String
    let subjectKey: String
    let attributes: [String: JSONValue]
    let now: Timestamp
    /// Each condition's answer, from a program of the flag's conditions compiled on first need.
    private var probes: Snapshot?

    init(snapshot: Snapshot, document: UFCDocument, key: String, subjectKey: String, attributes: [String: JSONValue],
         now: Timestamp) {
        self.snapshot = snapshot
        self.document = document
        self.key = key
        self.subjectKey = subjectKey
        self.attributes = attributes
        self.now = now
    }

    mutating func run(_ type: UFCVariationType) -> UFCAssignmentDetails {
        var details = UFCAssignmentDetails(value: nil, code: "", variationKey: nil, allocationKey: nil, doLog: false,
                                           extraLogging: [:], members: [:])
        func finish(_ code: String, _ description: String, allocations: [JSONValue] = [], value: JSONValue? = nil) -> UFCAssignmentDetails {
            details.code = code
            details.members = details.base(key, subjectKey, attributes, environment: document.environment,
                                           publishedAt: Timestamp(rfc3339: document.createdAt)?.eppoText,
                                           description: description, allocations: allocations)
            if let value { details.members["variationValue"] = ["type": .string(type.rawValue), "value": value] }
            return details
        }
        guard case .flag(let flag)? = document.flags[key] else {
            if case .rejected? = document.flags[key] {
                return finish("UNEXPECTED_CONFIGURATION_ERROR", Self.configurationError)
            }
            return finish("FLAG_UNRECOGNIZED_OR_DISABLED", "Unrecognized or disabled flag: \(key)")
        }
        guard flag.enabled else { return finish("FLAG_UNRECOGNIZED_OR_DISABLED", "Unrecognized or disabled flag: \(key)") }
        guard flag.variationType == type else {
            let unevaluated = flag.allocations.indices.map { allocation($0, flag, "UNEVALUATED", rules: [], splits: []) }
            return finish("TYPE_MISMATCH", "Variation value does not have the correct type. Found: "
                              + "\(flag.variationType.rustName) != \(type.rustName) for flag \(key)", allocations: unevaluated)
        }
        var allocations: [JSONValue] = []
        var matched: (allocation: UFCAllocation, split: UFCSplit)?
        for (index, allocation) in flag.allocations.enumerated() {
            guard matched == nil else {
                allocations.append(self.allocation(index, flag, "UNEVALUATED", rules: [], splits: []))
                continue
            }
            if let start = allocation.startAt, now < start {
                allocations.append(self.allocation(index, flag, "BEFORE_START_TIME", rules: [], splits: []))
                continue
            }
            if let end = allocation.endAt, end < now {
                allocations.append(self.allocation(index, flag, "AFTER_END_TIME", rules: [], splits: []))
                continue
            }
            var rules: [JSONValue] = []
            if !allocation.rules.isEmpty {
                var allowed = false
                for (r, rule) in allocation.rules.enumerated() {
                    let (holds, conditions) = evaluate(rule, allocation: index, rule: r, flag)
                    rules.append(["matched": .bool(holds), "conditions": .array(conditions)])
                    if holds { allowed = true; break }
                }
                guard allowed else {
                    allocations.append(self.allocation(index, flag, "FAILING_RULE", rules: rules, splits: []))
                    continue
                }
            }
            var splits: [JSONValue] = []
            for split in allocation.splits {
                var shards: [JSONValue] = []
                var all = true
                for shard in split.shards where shard.isSignificant {
                    let value = BucketingFamily.ufcShard(salt: shard.salt).hash(ofString: subjectKey) % UInt64(shard.totalShards)
                    let inside = shard.ranges.contains { UInt64($0.start) <= value && value < UInt64($0.end) }
                    shards.append(["matched": .bool(inside), "shardValue": .number(Double(value)), "shard": [
                        "ranges": .array(shard.ranges.map { ["start": .number(Double($0.start)), "end": .number(Double($0.end))] }),
                    ]])
                    if !inside { all = false; break }
                }
                splits.append(["variationKey": .string(split.variationKey), "matched": .bool(all), "shards": .array(shards)])
                if all { matched = (allocation, split); break }
            }
            allocations.append(self.allocation(index, flag, matched == nil ? "TRAFFIC_EXPOSURE_MISS" : "MATCH",
                                               rules: rules, splits: splits))
        }
        guard let (allocation, split) = matched else {
            return finish("DEFAULT_ALLOCATION_NULL", #"No allocations matched. Falling back to "Default Allocation", serving NULL"#,
                          allocations: allocations)
        }
        details.variationKey = split.variationKey
        guard let index = flag.variationIndex(split.variationKey), flag.variations[index].problem == nil else {
            return finish("UNEXPECTED_CONFIGURATION_ERROR", Self.configurationError, allocations: allocations)
        }
        let value = flag.variations[index].value
        details.value = value
        details.allocationKey = allocation.key
        details.doLog = allocation.doLog
        details.extraLogging = split.extraLogging
        let description: String
        let variation = UFCDetailsText.debug(split.variationKey), allocationName = UFCDetailsText.debug(allocation.key)
        if allocation.rules.isEmpty {
            description = "\(subjectKey) belongs to the range of traffic assigned to \(variation) defined in allocation \(allocationName)."
        } else if allocation.splits.count > 1 || split.shards.count(where: \.isSignificant) > 1 {
            description = "Supplied attributes match rules defined in allocation \(allocationName) and \(subjectKey) belongs to "
                + "the range of traffic assigned to \(variation)."
        } else {
            description = "Supplied attributes match rules defined in allocation \(allocationName)."
        }
        return finish("MATCH", description, allocations: allocations, value: Self.served(value, flag.variationType))
    }

    private static let configurationError = "Configuration error. This might indicate that you're using an outdated version of Eppo SDK"

    /// A served value as Eppo's details carry it: a JSON flag's value parsed from its text.
    private static func served(_ value: JSONValue, _ type: UFCVariationType) -> JSONValue {
        guard type == .json, case .string(let text) = value, let parsed = try? JSONParser().parse(Array(text.utf8)) else {
            return value
        }
        return parsed
    }

    private func allocation(_ index: Int, _ flag: UFCFlag, _ code: String, rules: [JSONValue], splits: [JSONValue]) -> JSONValue {
        ["key": .string(flag.allocations[index].key), "orderPosition": .number(Double(index + 1)),
         "allocationEvaluationCode": .string(code), "evaluatedRules": .array(rules), "evaluatedSplits": .array(splits)]
    }

    /// A rule's conditions in order, up to the first that fails; a condition Eppo could not read
    /// fails the rule and is not recorded.
    private mutating func evaluate(_ rule: [UFCCondition], allocation: Int, rule r: Int, _ flag: UFCFlag) -> (Bool, [JSONValue]) {
        var recorded: [JSONValue] = []
        for (c, condition) in rule.enumerated() {
            guard let wire = UFCDetailsText.wire(condition) else { return (false, recorded) }
            let holds = probe(allocation, r, c, flag)
            let seen = attributes[condition.attribute] ?? (condition.attribute == "id" ? .string(subjectKey) : nil)
            recorded.append(["condition": wire, "attributeValue": UFCAssignmentDetails.asEppoReads(seen ?? .null),
                             "matched": .bool(holds)])
            if !holds { return (false, recorded) }
        }
        return (true, recorded)
    }

    /// Whether condition `c` of rule `r` of allocation `a` holds for the subject, as the compiled
    /// program decides it: each condition is a flag of a small program compiled once per walk.
    private mutating func probe(_ a: Int, _ r: Int, _ c: Int, _ flag: UFCFlag) -> Bool {
        if probes == nil {
            var drafts: [FlagDraft] = []
            var problems: [DefinitionProblem] = []
            for (i, allocation) in flag.allocations.enumerated() {
                for (j, rule) in allocation.rules.enumerated() {
                    for (k, condition) in rule.enumerated() {
                        let test = UFCLowering.condition(condition, &problems, flag)
                        drafts.append(FlagDraft(key: "\(i).\(j).\(k)", path: flag.path, enabled: true,
                                                variations: [VariationDraft(key: "no", value: false), VariationDraft(key: "yes", value: true)],
                                                offVariation: 0, rules: [RuleDraft(kind: .rule(index: 0, id: nil), condition: test, serve: .variation(1))],
                                                fallthrough: .variation(0),
                                                info: FlagInfo(version: 0, trackEvents: false, sets: [], metadata: [:], variables: [])))
                    }
                }
            }
            let program = ProgramLinker.link(ProgramDraft(flags: drafts.sorted { $0.key < $1.key }, clock: .fixed(now)))
            probes = Snapshot(version: 0, source: snapshot.source, program: program)
        }
        let context = Context(targetingKey: subjectKey, ufcAttributes: attributes, requiresKey: true)
        return probes!.evaluate("\(a).\(r).\(c)", context: context, default: false).value == .bool(true)
    }
}
