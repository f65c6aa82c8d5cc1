/// Compiles clauses: resolves the operator, the attribute reference and segment keys, and parses
/// clause values once.
struct ClauseCompiler {
    /// Segment indices by key.
    let segmentIndex: [String: Int]

    /// The compiled clause, or `nil` after recording an error.
    func compile(_ clause: ClauseDefinition, at path: JSONPointer, _ r: inout ModelReader) -> CompiledClause? {
        guard let op = ClauseOperator(rawValue: clause.op) else {
            r.error(path.appending("op"), "unknown operator '\(clause.op)'")
            return nil
        }
        let valuesPath = path.appending("values")
        if op == .segmentMatch {
            var indices: [Int] = []
            var ok = true
            for (i, value) in clause.values.enumerated() {
                guard case .string(let key) = value else {
                    r.error(valuesPath.appending(i), "segmentMatch takes segment keys, found \(value.typeName)")
                    ok = false
                    continue
                }
                guard let index = segmentIndex[key] else {
                    r.error(valuesPath.appending(i), "no segment '\(key)'")
                    ok = false
                    continue
                }
                indices.append(index)
            }
            guard ok else { return nil }
            return CompiledClause(contextKind: clause.contextKind, test: .segmentMatch(indices),
                                  negate: clause.negate, lowercaseInput: false, definition: clause)
        }
        guard let attributeText = clause.attribute else {
            r.error(path.appending("attribute"), "operator '\(op.rawValue)' needs an 'attribute'")
            return nil
        }
        guard let attribute = AttributeReference(attributeText) else {
            r.error(path.appending("attribute"), "invalid attribute reference '\(attributeText)'")
            return nil
        }
        let lowercase = clause.caseInsensitive && op.honoursCaseInsensitive
        let compiled = compileOperator(op, clause.values, lowercase: lowercase, at: valuesPath, &r)
        return CompiledClause(contextKind: clause.contextKind, test: .attribute(attribute, compiled),
                              negate: clause.negate, lowercaseInput: lowercase && op != .matches,
                              definition: clause)
    }

    private func compileOperator(_ op: ClauseOperator, _ values: [JSONValue], lowercase: Bool,
                                 at path: JSONPointer, _ r: inout ModelReader) -> CompiledOperator {
        /// Parses each value with `parse`, warning about the ones that can never match.
        func parsed<T>(_ what: String, _ parse: (JSONValue) -> T?) -> [T] {
            var out: [T] = []
            for (i, value) in values.enumerated() {
                if let t = parse(value) { out.append(t) } else {
                    r.warning(path.appending(i), "\(value.serialized()) is not \(what); it never matches")
                }
            }
            return out
        }
        func strings() -> [String] {
            parsed("a string") { $0.stringValue.map { lowercase ? $0.lowercased() : $0 } }
        }
        switch op {
        case .in: return .oneOf(ValueSet(values, lowercased: lowercase))
        case .startsWith: return .startsWith(strings())
        case .endsWith: return .endsWith(strings())
        case .contains: return .contains(strings())
        case .matches:
            var regexes: [PortableRegex] = []
            for (i, value) in values.enumerated() {
                guard case .string(let pattern) = value else {
                    r.warning(path.appending(i), "\(value.serialized()) is not a string; it never matches")
                    continue
                }
                do { regexes.append(try PortableRegex(pattern: pattern, caseInsensitive: lowercase)) } catch {
                    r.warning(path.appending(i), "invalid regular expression \(value.serialized()) never matches: \(error)")
                }
            }
            return .matches(regexes)
        case .lessThan: return .number(.less, parsed("a number", \.numberValue))
        case .lessThanOrEqual: return .number(.lessOrEqual, parsed("a number", \.numberValue))
        case .greaterThan: return .number(.greater, parsed("a number", \.numberValue))
        case .greaterThanOrEqual: return .number(.greaterOrEqual, parsed("a number", \.numberValue))
        case .before: return .before(parsed("a date (Unix milliseconds or RFC 3339)", Timestamp.init(attribute:)))
        case .after: return .after(parsed("a date (Unix milliseconds or RFC 3339)", Timestamp.init(attribute:)))
        case .semVerEqual: return .semVer(.equal, parsed("a semantic version", Self.version))
        case .semVerLessThan: return .semVer(.less, parsed("a semantic version", Self.version))
        case .semVerGreaterThan: return .semVer(.greater, parsed("a semantic version", Self.version))
        case .semVerLessThanOrEqual: return .semVer(.lessOrEqual, parsed("a semantic version", Self.version))
        case .semVerGreaterThanOrEqual: return .semVer(.greaterOrEqual, parsed("a semantic version", Self.version))
        case .inCIDR:
            return .inCIDR(parsed("a CIDR range") { $0.stringValue.flatMap(IPAddressRange.init(cidr:)) })
        case .segmentMatch:
            preconditionFailure("segmentMatch is compiled by the caller")
        }
    }

    private static func version(_ value: JSONValue) -> SemanticVersion? {
        value.stringValue.flatMap(SemanticVersion.init(parsing:))
    }
}
