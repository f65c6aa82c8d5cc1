/// The readings of an attribute value that the program's tests parse it into: versions and
/// instants, parsed once when a context is prepared instead of at every test.
struct AttributeParses: OptionSet, Sendable {
    let rawValue: UInt8

    /// A semantic version (``SemanticVersion``), with whether it has three numeric parts.
    static let version = AttributeParses(rawValue: 1)
    /// An instant as ``Timestamp/init(attribute:)`` reads one.
    static let instant = AttributeParses(rawValue: 2)
    /// An instant as Go reads one, LaunchDarkly's dates (``GoDateOperator/instant(of:)``).
    static let goInstant = AttributeParses(rawValue: 4)
    /// Whether the value is shaped as a full semantic version (``VersionShapeOperator``).
    static let versionShape = AttributeParses(rawValue: 8)
}

/// One attribute value of a prepared context, parsed as the tests of its slot read it.
struct ParsedAttribute: Sendable {
    /// Whether the value was parsed: a present, non-`null` value that is not an array (whose
    /// elements are tested one by one). Otherwise tests read the value itself.
    let isParsed: Bool
    /// The value as a semantic version, when it is a string that reads as one.
    let version: SemanticVersion?
    /// Whether that string has exactly three numeric parts (``FullSemVerOperator``).
    let versionHasThreeParts: Bool
    let instant: Timestamp?
    let goInstant: Timestamp?
    let hasVersionShape: Bool

    /// Nothing parsed: tests read the value.
    static let unparsed = ParsedAttribute(isParsed: false, version: nil, versionHasThreeParts: false, instant: nil,
                                          goInstant: nil, hasVersionShape: false)
}

extension ParsedAttribute {
    /// `value` read as `parses` says.
    init(_ value: JSONValue, _ parses: AttributeParses) {
        switch value {
        case .null, .array:
            self = .unparsed
            return
        default:
            break
        }
        var version: SemanticVersion?
        var threeParts = false
        if parses.contains(.version), case .string(let text) = value {
            version = SemanticVersion(parsing: text)
            threeParts = FullSemVerOperator.hasThreeParts(text)
        }
        self.init(isParsed: true, version: version, versionHasThreeParts: threeParts,
                  instant: parses.contains(.instant) ? Timestamp(attribute: value) : nil,
                  goInstant: parses.contains(.goInstant) ? GoDateOperator.instant(of: value) : nil,
                  hasVersionShape: parses.contains(.versionShape) && VersionShapeOperator.matches(value))
    }
}
