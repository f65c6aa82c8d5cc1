import BurgeeCore

/// A `track` call's arguments checked as Split's SDKs check them (Python's `input_validator`):
/// what is refused, what is changed with a warning, and the properties' estimated size.
struct SplitTrackInput {
    /// Split's pattern for event types: `^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$`.
    static let eventTypePattern = "^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$"
    /// The longest key, in characters.
    static let maxKeyLength = 250
    /// The largest estimated size of an event's properties.
    static let maxPropertiesBytes = 32_768
    /// What Split's SDKs assume an event without properties takes.
    static let baseEventBytes = 1024
    /// More properties than this are accepted with a warning (Split's service trims them).
    static let manyProperties = 300

    var key: String
    /// Lowercased.
    var trafficType: String
    var eventType: String
    var value: Double?
    /// `nil` when none were given (or none are left).
    var properties: [String: JSONValue]?
    /// Why the call is refused; empty when it is accepted.
    var problems: [String] = []
    /// What was changed, for warnings.
    var warnings: [String] = []

    init(key: String, trafficType: String, eventType: String, value: Double?, properties: [String: JSONValue]?) {
        self.key = key
        self.trafficType = trafficType.lowercased()
        self.eventType = eventType
        self.value = value
        if Self.isBlank(trafficType) {
            problems.append("you passed an empty traffic type, traffic type must be a non-empty string")
        } else if self.trafficType != trafficType {
            warnings.append("traffic type '\(trafficType)' should be all lowercase - converting string to lowercase")
        }
        if Self.isBlank(key) {
            problems.append("you passed an empty key, key must be a non-empty string")
        } else if key.unicodeScalars.count > Self.maxKeyLength {
            problems.append("key too long - must be \(Self.maxKeyLength) characters or less")
        }
        if Self.isBlank(eventType) {
            problems.append("you passed an empty event type, event type must be a non-empty string")
        } else if !Self.isEventType(eventType) {
            problems.append("you passed \(eventType.prefix(100)), an event type must adhere to the regular expression \(Self.eventTypePattern)")
        }
        if let value, !value.isFinite {
            problems.append("value must be a finite number")
        }
        if let given = properties {
            var kept: [String: JSONValue] = [:]
            var size = Self.baseEventBytes
            // In name order, so that the size limit refuses the same call the same way each time.
            for (name, element) in given.sorted(by: { $0.key < $1.key }) {
                size += name.unicodeScalars.count
                switch element {
                case .null, .bool:
                    kept[name] = element
                case .number(let number) where number.doubleValue.isFinite:
                    kept[name] = element
                case .string(let text):
                    kept[name] = element
                    size += text.unicodeScalars.count
                default:
                    warnings.append("property \(name) is of invalid type; setting its value to null")
                    kept[name] = .null
                }
                if size > Self.maxPropertiesBytes {
                    problems.append("the maximum size allowed for the properties is \(Self.maxPropertiesBytes) bytes; " +
                                    "this one is \(size) bytes or more. Event not queued")
                    break
                }
            }
            if kept.count > Self.manyProperties {
                warnings.append("the event has more than \(Self.manyProperties) properties; some of them will be trimmed when processed")
            }
            self.properties = kept.isEmpty ? nil : kept
        }
    }

    /// Python's `str.strip() == ""`.
    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(PythonInteger.isSpace)
    }

    private static func isEventType(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...80).contains(bytes.count) else { return false }
        func alphanumeric(_ b: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        }
        let separators: Set<UInt8> = [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":")]
        return alphanumeric(bytes[0]) && bytes.dropFirst().allSatisfy { alphanumeric($0) || separators.contains($0) }
    }
}
