import BurgeeCore

/// A Datadog or Eppo request line's subject and default, read as `burgee eval` reads them: the
/// subject `{"targetingKey" (or "subjectKey", "key"), "attributes"?}` (without `attributes`, the
/// other members are the attributes), the default of the request's type.
struct UFCEventsRequest {
    var key: String?
    var attributes: [String: JSONValue]
    var type: ValueType
    var defaultValue: JSONValue

    init(context: JSONValue, type: ValueType?, default defaultValue: JSONValue) {
        var members = context.objectValue ?? [:]
        var key: String?
        for name in ["targetingKey", "subjectKey", "key"] {
            if let value = members.removeValue(forKey: name), key == nil { key = value.stringValue }
        }
        self.key = key
        attributes = members["attributes"]?.objectValue ?? members
        // Without a type, the default's own (a string when there is none).
        self.type = type ?? {
            switch defaultValue {
            case .bool: .boolean
            case .number: .double
            case .object, .array: .json
            default: .string
            }
        }()
        self.defaultValue = defaultValue
    }

    /// An integer default: the default's exact integer, else 0.
    var integerDefault: Int { defaultValue.intValue ?? 0 }
}
