/// One matcher of a Split condition (`matcherGroup.matchers[]`), read as Split's SDKs read it:
/// `matcherType` and `negate` are required, and so is the data member its type reads.
package struct SplitMatcher: Sendable, Equatable {
    /// The data a matcher type reads.
    package enum Data: Sendable, Equatable {
        /// `ALL_KEYS`, or an unsupported type (which replaces the whole flag's conditions).
        case none
        /// `IN_SEGMENT`, `IN_RULE_BASED_SEGMENT`: the segment's name (`null` matches nothing).
        case segment(String?)
        /// `whitelistMatcherData.whitelist`.
        case whitelist([JSONValue])
        /// `unaryNumericMatcherData`: `NUMBER` or `DATETIME`, and the value.
        case unary(dataType: String, value: JSONValue)
        /// `betweenMatcherData`.
        case between(dataType: String, start: JSONValue, end: JSONValue)
        /// `booleanMatcherData`.
        case boolean(JSONValue)
        /// `stringMatcherData`: a regular expression or a version.
        case string(String)
        /// `betweenStringMatcherData`: two versions.
        case betweenStrings(String, String)
        /// `dependencyMatcherData`: a flag and treatments.
        case dependency(flag: String, treatments: [String])
    }

    /// The types Split's SDKs know (the Python SDK's list); any other is unsupported.
    package static let supportedTypes: Set<String> = [
        "ALL_KEYS", "IN_SEGMENT", "WHITELIST", "EQUAL_TO", "GREATER_THAN_OR_EQUAL_TO", "LESS_THAN_OR_EQUAL_TO", "BETWEEN",
        "EQUAL_TO_SET", "PART_OF_SET", "CONTAINS_ALL_OF_SET", "CONTAINS_ANY_OF_SET", "STARTS_WITH", "ENDS_WITH",
        "CONTAINS_STRING", "IN_SPLIT_TREATMENT", "EQUAL_TO_BOOLEAN", "MATCHES_STRING", "EQUAL_TO_SEMVER",
        "GREATER_THAN_OR_EQUAL_TO_SEMVER", "LESS_THAN_OR_EQUAL_TO_SEMVER", "BETWEEN_SEMVER", "IN_LIST_SEMVER",
        "IN_RULE_BASED_SEGMENT",
    ]

    package var type: String
    package var negate: Bool
    /// `keySelector.attribute`; `nil`: the matching key.
    package var attribute: String?
    package var data: Data
    package var path: JSONPointer

    /// Whether Split's SDKs know the type.
    package var isSupported: Bool { Self.supportedTypes.contains(type) }

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let members = try r.object(json)
        type = try r.at("matcherType").string(try r.required(members, "matcherType"))
        path = r.path
        let negateValue = try r.required(members, "negate")
        guard case .bool(let negate) = negateValue else {
            throw r.at("negate").refusal("expected a boolean, found \(negateValue.typeName)")
        }
        self.negate = negate
        attribute = nil
        if case .object(let selector)? = members["keySelector"], case .string(let name)? = selector["attribute"] {
            attribute = name
        }
        data = .none
        guard Self.supportedTypes.contains(type) else { return }
        data = try Self.data(type, members, r)
    }

    private static func data(_ type: String, _ m: [String: JSONValue], _ r: RefusingReader) throws(DefinitionsError) -> Data {
        switch type {
        case "ALL_KEYS":
            return .none
        case "IN_SEGMENT", "IN_RULE_BASED_SEGMENT":
            let dr = r.at("userDefinedSegmentMatcherData")
            let d = try dr.object(try r.required(m, "userDefinedSegmentMatcherData"))
            let name = try dr.required(d, "segmentName")
            if name.isNull { return .segment(nil) }
            return .segment(try dr.at("segmentName").string(name))
        case "WHITELIST", "EQUAL_TO_SET", "PART_OF_SET", "CONTAINS_ALL_OF_SET", "CONTAINS_ANY_OF_SET", "STARTS_WITH",
             "ENDS_WITH", "CONTAINS_STRING", "IN_LIST_SEMVER":
            let dr = r.at("whitelistMatcherData")
            let d = try dr.object(try r.required(m, "whitelistMatcherData"))
            let list = try dr.at("whitelist").array(try dr.required(d, "whitelist"))
            for (i, item) in list.enumerated() {
                switch item {
                case .array, .object: throw dr.at("whitelist").at(i).refusal("a list entry cannot be \(item.typeName)")
                case .number, .bool, .null:
                    // Split's SDKs read every entry of a version list as a version.
                    if type == "IN_LIST_SEMVER", RefusingReader.truth(item) {
                        throw dr.at("whitelist").at(i).refusal("a version must be a string, not \(item.typeName)")
                    }
                default: break
                }
            }
            return .whitelist(list)
        case "EQUAL_TO", "GREATER_THAN_OR_EQUAL_TO", "LESS_THAN_OR_EQUAL_TO":
            let dr = r.at("unaryNumericMatcherData")
            let d = try dr.object(try r.required(m, "unaryNumericMatcherData"))
            let dataType = try dataType(d, dr)
            let value = try dr.required(d, "value")
            if dataType == "DATETIME" { _ = try dr.at("value").number(value) }
            return .unary(dataType: dataType, value: value)
        case "BETWEEN":
            let dr = r.at("betweenMatcherData")
            let d = try dr.object(try r.required(m, "betweenMatcherData"))
            let dataType = try dataType(d, dr)
            let start = try dr.required(d, "start"), end = try dr.required(d, "end")
            if dataType == "DATETIME" {
                _ = try dr.at("start").number(start)
                _ = try dr.at("end").number(end)
            }
            return .between(dataType: dataType, start: start, end: end)
        case "EQUAL_TO_BOOLEAN":
            return .boolean(try r.required(m, "booleanMatcherData"))
        case "MATCHES_STRING", "EQUAL_TO_SEMVER", "GREATER_THAN_OR_EQUAL_TO_SEMVER", "LESS_THAN_OR_EQUAL_TO_SEMVER":
            return .string(try r.at("stringMatcherData").string(m["stringMatcherData"]))
        case "BETWEEN_SEMVER":
            let dr = r.at("betweenStringMatcherData")
            let d = try dr.object(m["betweenStringMatcherData"])
            return .betweenStrings(try dr.at("start").string(try dr.required(d, "start")),
                                   try dr.at("end").string(try dr.required(d, "end")))
        case "IN_SPLIT_TREATMENT":
            let dr = r.at("dependencyMatcherData")
            let d = try dr.object(try r.required(m, "dependencyMatcherData"))
            let flag = try dr.at("split").string(try dr.required(d, "split"))
            let treatments = try dr.at("treatments").array(try dr.required(d, "treatments"))
            return .dependency(flag: flag, treatments: treatments.compactMap(\.stringValue))
        default:
            return .none
        }
    }

    private static func dataType(_ d: [String: JSONValue], _ r: RefusingReader) throws(DefinitionsError) -> String {
        let dataType = try r.at("dataType").string(try r.required(d, "dataType"))
        guard dataType == "NUMBER" || dataType == "DATETIME" else {
            throw r.at("dataType").refusal("'\(dataType)' is neither NUMBER nor DATETIME")
        }
        return dataType
    }
}
