/// A condition of a rule: an attribute, an operator, a value (docs/datadog.md, "Operators").
package struct UFCCondition: Sendable {
    /// What the condition tests.
    package enum Test: Sendable {
        /// The attribute's text (``ScalarText``) is one of the strings, or (negated) none of them.
        case oneOf([String], negated: Bool)
        /// The expression matches the attribute's text somewhere, or (negated) does not.
        case matches(PortableRegex, negated: Bool)
        /// The attribute is absent or `null` (`true`), or present (`false`).
        case isNull(Bool)
        /// The attribute, a number or a string holding one, compared with a number.
        case number(NumericComparison, Double)
        /// The attribute, a string holding a three-part version, compared with a version.
        case version(FullSemVerOperator.Comparison, SemanticVersion, countsBuild: Bool)
        /// The attribute, a string holding a version of any number of numeric parts, compared with one
        /// (Datadog's `SEMVER_*`, ``ExtendedVersion``).
        case extendedVersion(FullSemVerOperator.Comparison, String)
        /// A condition the vendor's engine cannot use, which Eppo evaluates as false.
        case never(String)
    }

    package var attribute: String
    package var test: Test
    package var path: JSONPointer
    /// The operator and value as written, for `explain`.
    package var written: (op: String, value: JSONValue)

    init(json: JSONValue, _ r: UFCReader, vendor: UFCVendor) throws(UFCProblem) {
        path = r.path
        written = ("", .null)
        guard let members = try? r.object(json, as: .condition), case .string(let attribute)? = members["attribute"],
              case .string(let op)? = members["operator"] else {
            if vendor == .datadog {
                let members = try r.object(json, as: .condition)
                _ = try r.at("attribute").string(members["attribute"])
                _ = try r.at("operator").string(members["operator"])
            }
            self.attribute = ""
            test = .never("a condition needs a string 'attribute' and 'operator'")
            return
        }
        self.attribute = attribute
        let value = members["value"] ?? .null
        written = (op, value)
        switch Self.test(op, value, vendor) {
        case .success(let test): self.test = test
        case .failure(let why):
            // Datadog cannot compile the flag; Eppo only fails the condition.
            if vendor == .datadog { throw r.problem(why.message) }
            test = .never(why.message)
        }
    }

    private static func test(_ op: String, _ value: JSONValue, _ vendor: UFCVendor) -> Result<Test, UFCProblem> {
        switch op {
        case "ONE_OF", "NOT_ONE_OF":
            guard case .array(let elements) = value else {
                return .failure(UFCProblem("\(op) takes an array of strings, not \(value.typeName)"))
            }
            var strings: [String] = []
            for element in elements {
                guard case .string(let s) = element else {
                    return .failure(UFCProblem("\(op) takes an array of strings; \(element.serialized()) is not one"))
                }
                strings.append(s)
            }
            return .success(.oneOf(strings, negated: op == "NOT_ONE_OF"))
        case "MATCHES", "NOT_MATCHES":
            var pattern: String
            switch value {
            case .string(let s): pattern = s
            case .array(let elements) where vendor == .datadog && elements.count == 1:
                guard case .string(let s) = elements[0] else { fallthrough }
                pattern = s
            default:
                return .failure(UFCProblem("\(op) takes a regular expression string, not \(value.typeName)"))
            }
            // Rust's `regex` dialect, as both vendors' engines read it; a pattern it refuses is
            // invalid, as there.
            let regex: PortableRegex
            do { regex = try PortableRegex(pattern: pattern, syntax: .rust) } catch {
                return .failure(UFCProblem(RegexOperator.refusal(value, error)))
            }
            return .success(.matches(regex, negated: op == "NOT_MATCHES"))
        case "IS_NULL":
            guard case .bool(let b) = value else { return .failure(UFCProblem("IS_NULL takes a boolean, not \(value.typeName)")) }
            return .success(.isNull(b))
        case "GTE", "GT", "LTE", "LT":
            let comparison: NumericComparison = switch op {
            case "GTE": .greaterOrEqual
            case "GT": .greater
            case "LTE": .lessOrEqual
            default: .less
            }
            switch (value, vendor) {
            case (.number(let n), _):
                return .success(.number(comparison, n.doubleValue))
            case (.string(let s), .eppo):
                // Eppo reads a version first, then a number.
                if let version = FullSemVerOperator.version(s) {
                    return .success(.version(Self.versionComparison(comparison), version, countsBuild: true))
                }
                if let n = NumberTextOperator.number(inText: s) { return .success(.number(comparison, n)) }
                return .failure(UFCProblem("\(op) takes a number or a version, not \(value.serialized())"))
            default:
                return .failure(UFCProblem("\(op) takes a number, not \(value.serialized())"))
            }
        case "SEMVER_EQ", "SEMVER_NEQ", "SEMVER_LT", "SEMVER_LTE", "SEMVER_GT", "SEMVER_GTE":
            // Datadog's operators only: Eppo does not know them.
            guard vendor == .datadog else { return .failure(UFCProblem("unknown operator '\(op)'")) }
            // Datadog's evaluator reads any number of numeric parts (`1.2`, `1.2.3.4`), missing ones 0.
            guard case .string(let s) = value, ExtendedVersion.isVersion(s) else {
                return .failure(UFCProblem("\(op) takes a version string, not \(value.serialized())"))
            }
            let comparison: FullSemVerOperator.Comparison = switch op {
            case "SEMVER_EQ": .equal
            case "SEMVER_NEQ": .notEqual
            case "SEMVER_LT": .less
            case "SEMVER_LTE": .lessOrEqual
            case "SEMVER_GT": .greater
            default: .greaterOrEqual
            }
            return .success(.extendedVersion(comparison, s))
        default:
            return .failure(UFCProblem("unknown operator '\(op)'"))
        }
    }

    private static func versionComparison(_ c: NumericComparison) -> FullSemVerOperator.Comparison {
        switch c {
        case .equal: .equal
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        }
    }
}
