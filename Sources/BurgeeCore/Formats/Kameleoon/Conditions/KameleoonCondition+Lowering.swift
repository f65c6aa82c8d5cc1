extension KameleoonCondition {
    /// The condition as a program ``Condition``: those known when definitions compile
    /// (`SDK_LANGUAGE`, unknown types, a missing segment, …) become `.always` or `.not(.always)`,
    /// `SEGMENT` the segment's own condition, and the others a test of the context's `visitor`
    /// attribute by ``VisitorCondition``. `isInclude: false` negates each, missing data included.
    package func lowered(in scope: KameleoonConditionScope) -> Condition {
        switch compiled(in: scope) {
        case .constant(let holds):
            return holds != isInclude ? .not(.always) : .always
        case .condition(let condition):
            return isInclude ? condition : .not(condition)
        case .visitor(let kind):
            let members = members, type = targetingType
            return .test(AttributeTest(
                contextKind: "visitor", attribute: AttributeReference(literal: "visitor"),
                op: .visitor(VisitorCondition(kind)), negate: !isInclude, absent: .failsOperator,
                lowercaseInput: false, label: TestLabel { "\(type) \(JSONValue.object(members).serialized())" },
                wholeValue: true))
        }
    }

    private enum Compiled {
        case constant(Bool)
        case condition(Condition)
        case visitor(VisitorCondition.Kind)
    }

    private func compiled(in scope: KameleoonConditionScope) -> Compiled {
        let m = members
        switch targetingType {
        case "CUSTOM_DATUM":
            let name = m["valueMatchType"]?.stringValue ?? ""
            // ANY and UNKNOWN have no custom-data meaning: the SDK makes the condition unknown.
            if name == "ANY" || name == "UNKNOWN" { return .constant(false) }
            return .visitor(.customData(index: customDataIndex.map { String($0) } ?? "-1",
                                        VisitorCustomDataTest(name: name, value: m["value"])))
        case "VISITOR_CODE":
            return .visitor(.visitorCode(VisitorTextMatch(matchType: m["matchType"], operand: m["visitorCode"])))
        case "PAGE_URL":
            return .visitor(.pageURL(VisitorTextMatch(matchType: m["matchType"], operand: m["url"])))
        case "PAGE_TITLE":
            return .visitor(.pageTitle(VisitorTextMatch(matchType: m["matchType"], operand: m["title"])))
        case "PREVIOUS_PAGE":
            return .visitor(.previousPage(VisitorTextMatch(matchType: m["matchType"], operand: m["url"])))
        case "PAGE_VIEWS":
            return .visitor(.pageViews(VisitorNumberMatch(matchType: m["matchType"], operand: m["pageCount"])))
        case "DEVICE_TYPE":
            let name = PythonText.str(m["device"] ?? "").uppercased()
            guard ["PHONE", "TABLET", "DESKTOP"].contains(name) else { return .constant(false) }
            return .visitor(.device(name))
        case "OPERATING_SYSTEM":
            let name = PythonText.str(m["os"] ?? "")
            guard ["WINDOWS", "MAC", "IOS", "LINUX", "ANDROID", "WINDOWS_PHONE"].contains(name) else { return .constant(false) }
            return .visitor(.operatingSystem(name))
        case "BROWSER":
            return browser()
        case "GEOLOCATION":
            return geolocation()
        case "COOKIE":
            let name = VisitorTextMatch(name: PythonText.str(m["nameMatchType"]), text: PythonText.str(m["name"]))
            let value = VisitorTextMatch(name: PythonText.str(m["valueMatchType"]), text: PythonText.str(m["value"]))
            return .visitor(.cookie(name: name, value: value))
        case "CONVERSIONS":
            return .visitor(.conversions(goal: goal(), visitScope(currentVisitByDefault: false)))
        case "APPLICATION_VERSION":
            return .visitor(.applicationVersion(VisitorVersionMatch(version: m["version"], matchType: m["versionMatchType"])))
        case "SDK_LANGUAGE":
            guard case .string(let language) = m["sdkLanguage"] ?? .string(""),
                  ExactString.bytesEqual(language, scope.sdkName) else { return .constant(false) }
            guard let version = m["version"], version != .null else { return .constant(true) }
            return .constant(VisitorVersionMatch(version: version, matchType: m["versionMatchType"]).matches(scope.sdkVersion))
        case "SEGMENT":
            guard let id = VisitorIDMatch(m["segmentId"], absent: .never).int64, let segment = scope.segment(id) else {
                return .constant(false)
            }
            return .condition(segment)
        case "TARGET_FEATURE_FLAG":
            return targetFeatureFlag(scope.flags)
        case "TARGET_EXPERIMENT":
            let variation: VisitorIDMatch?
            switch m["variationMatchType"] {
            case .string("ANY")?: variation = nil
            case .string("EXACT")?: variation = VisitorIDMatch(m["variationId"], absent: .id(-1))
            default: return .constant(false)
            }
            return .visitor(.targetExperiment(experiment: VisitorIDMatch(m["experimentId"], absent: .id(-1)),
                                              variation: variation, visitScope(currentVisitByDefault: true)))
        case "TARGET_PERSONALIZATION":
            return .visitor(.targetPersonalization(VisitorIDMatch(m["personalizationId"], absent: .id(-1)),
                                                   visitScope(currentVisitByDefault: true)))
        case "EXCLUSIVE_EXPERIMENT":
            guard let experiment = scope.experimentId else { return .constant(false) }
            let experiments: Bool, personalizations: Bool
            switch m["campaignType"] {
            case .string("EXPERIMENT")?: (experiments, personalizations) = (true, false)
            case .string("PERSONALIZATION")?: (experiments, personalizations) = (false, true)
            case .string("ANY")?: (experiments, personalizations) = (true, true)
            default: return .constant(false)
            }
            return .visitor(.exclusiveExperiment(experiment: Double(experiment), experiments: experiments,
                                                 personalizations: personalizations, visitScope(currentVisitByDefault: false)))
        case "VISITS":
            return .visitor(.visits(VisitorNumberMatch(matchType: m["matchType"], operand: m["visitCount"])))
        case "SAME_DAY_VISITS":
            return .visitor(.sameDayVisits(VisitorNumberMatch(matchType: m["matchType"], operand: m["visitCount"])))
        case "NEW_VISITORS":
            switch PythonText.str(m["visitorType"] ?? "").uppercased() {
            case "NEW": return .visitor(.newVisitors(new: true))
            case "RETURNING": return .visitor(.newVisitors(new: false))
            default: return .constant(false)
            }
        case "FIRST_VISIT", "LAST_VISIT":
            return .visitor(.timeSinceVisit(first: targetingType == "FIRST_VISIT",
                                            VisitorNumberMatch(matchType: m["matchType"], operand: m["countInMillis"])))
        case "HEAT_SLICE":
            return .visitor(.heatSlice(keyMoment: Self.integerKey(m["keyMomentId"]), goal: Self.integerKey(m["goalId"]),
                                       lower: Self.bound(m["lowerBound"]) ?? 101, upper: Self.bound(m["upperBound"]) ?? -1))
        default:
            // EXPLICIT_TRIGGER, UNKNOWN and types this SDK does not know.
            return .constant(false)
        }
    }

    private func visitScope(currentVisitByDefault: Bool) -> VisitScope {
        VisitScope(condition: members, currentVisitByDefault: currentVisitByDefault)
    }

    /// `goalId`: absent or −1 for any goal.
    private func goal() -> VisitorIDMatch {
        let goal = VisitorIDMatch(members["goalId"], absent: .any)
        if case .id(-1) = goal { return .any }
        return goal
    }

    private func browser() -> Compiled {
        let spelled = PythonText.str(members["browser"] ?? "")
        let name = spelled == "IE" ? "INTERNET_EXPLORER" : spelled
        guard ["CHROME", "INTERNET_EXPLORER", "FIREFOX", "SAFARI", "OPERA", "OTHER"].contains(name) else {
            return .constant(false)
        }
        guard let version = members["version"], version != .null else { return .visitor(.browser(name, version: nil)) }
        let comparison: VisitorNumberMatch.Comparison
        switch members["versionMatchType"].map({ PythonText.str($0).uppercased() }) {
        case "EQUAL"?: comparison = .equal
        case "GREATER"?: comparison = .greater
        case "LOWER"?: comparison = .lower
        default: comparison = .never
        }
        guard let number = VisitorVersion(PythonText.str(version))?.majorMinor else {
            return .visitor(.browser(name, version: VisitorNumberMatch(comparison: .never, operand: 0)))
        }
        return .visitor(.browser(name, version: VisitorNumberMatch(comparison: comparison, operand: number)))
    }

    private func geolocation() -> Compiled {
        guard case .string(let country)? = members["country"] else { return .constant(false) }
        var fields: [String?] = []
        for member in ["region", "city"] {
            switch members[member] {
            case nil, .null?: fields.append(nil)
            case .string(let text)?: fields.append(PythonLowercase.lowered(text))
            default: return .constant(false)
            }
        }
        return .visitor(.geolocation(country: PythonLowercase.lowered(country), region: fields[0], city: fields[1]))
    }

    private func targetFeatureFlag(_ flags: KameleoonFlagIndex) -> Compiled {
        guard let flagID = VisitorIDMatch(members["featureFlagId"], absent: .never).int64,
              let flag = flags.flagsByID[flagID] else { return .constant(false) }
        let ruleID = members["ruleId"].flatMap { $0 == .null ? nil : VisitorIDMatch($0, absent: .never) }
        var experiments: [Double] = []
        for rule in flag.rules {
            guard let experiment = rule.experimentId else { continue }
            if let ruleID, !ruleID.matches(.number(Double(rule.id))) { continue }
            experiments.append(Double(experiment))
        }
        var variations: [Double]? = nil
        switch members["variationKey"] {
        case nil, .null?: break
        case .string(let key)?:
            variations = flags.variationKeysByID.compactMap { id, k in
                k.map { ExactString.bytesEqual($0, key) } == true ? Double(id) : nil
            }
        default:
            variations = []
        }
        guard !experiments.isEmpty, variations?.isEmpty != true else { return .constant(false) }
        return .visitor(.targetFeatureFlag(experiments: experiments, variations: variations, visitScope(currentVisitByDefault: true)))
    }

    /// An integer id as the key of the visitor's `kcs` objects; anything else is −1, as the SDK reads it.
    private static func integerKey(_ value: JSONValue?) -> String {
        switch value {
        case .number(let n)?: if let i = JSONValue.exactInt64(n) { return String(i) }
        case .bool(let b)?: return b ? "1" : "0"
        default: break
        }
        return "-1"
    }

    private static func bound(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let n)?: return n.doubleValue
        case .bool(let b)?: return b ? 1 : 0
        default: return nil
        }
    }
}
