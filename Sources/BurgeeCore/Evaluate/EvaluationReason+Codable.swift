/// The JSON form (``EvaluationReason/json``) through `Codable`.
extension EvaluationReason: Codable {
    /// Decodes the JSON form; unknown kinds and error kinds fail.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        guard case .object(let o) = json, let kindName = o["kind"]?.stringValue, let kind = Kind(rawValue: kindName) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an evaluation reason: \(json.serialized())"))
        }
        var errorKind: ErrorKind?
        if let name = o["errorKind"]?.stringValue {
            guard let known = ErrorKind(rawValue: name) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown errorKind '\(name)'"))
            }
            errorKind = known
        }
        var bigSegmentsStatus: BigSegmentsStatus?
        if let name = o["bigSegmentsStatus"]?.stringValue {
            guard let known = BigSegmentsStatus(rawValue: name) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "unknown bigSegmentsStatus '\(name)'"))
            }
            bigSegmentsStatus = known
        }
        self.init(kind: kind, ruleIndex: o["ruleIndex"]?.int64Value.map { Int($0) }, ruleId: o["ruleId"]?.stringValue,
                  prerequisiteKey: o["prerequisiteKey"]?.stringValue, inExperiment: o["inExperiment"]?.boolValue ?? false,
                  errorKind: errorKind)
        self.bigSegmentsStatus = bigSegmentsStatus
        if let label = o["label"]?.stringValue { self.label = label }
    }

    /// Encodes the JSON form.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}
