import BurgeeCore
import Hummingbird

/// A request to Split's self-hosted Split Evaluator REST API, read and checked as the evaluator
/// checks it (its `utils/inputValidation`): every parameter from the query, and for `POST` the
/// `attributes`, `properties` and `impressionsDisabled` from the JSON body instead. Every problem
/// found is one message of the 400's `{"error":[…]}`, in the evaluator's words.
struct SplitEvaluatorInput {
    /// The query's parameters, the first value of each.
    private let query: [String: String]
    /// For `POST`: the body's members (an empty object when the body is not a JSON object).
    private let body: [String: JSONValue]?
    /// The messages of the problems found so far.
    private(set) var problems: [String] = []

    /// Why a parameter is refused: one message of the 400.
    struct Problem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    init(query: String?, body: [String: JSONValue]?) {
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(parts[0]), parameters[name] == nil else { continue }
            parameters[name] = parts.count > 1 ? Self.decoded(parts[1]) ?? "" : ""
        }
        self.query = parameters
        self.body = body
    }

    /// `+` as a space, then percent-decoded, as Express reads a query.
    private static func decoded(_ text: Substring) -> String? {
        PercentDecoding.decode(Substring(String(text.map { $0 == "+" ? " " : $0 })))
    }

    /// A key (`key`, `bucketing-key`, `matchingKey`): trimmed, 1 to 250 characters.
    static func validKey(_ value: String?, named name: String) -> Result<String, Problem> {
        guard let value else { return .failure(Problem("you passed a null or undefined \(name), \(name) must be a non-empty string.")) }
        let trimmed = value.trimmingJavaScriptSpaces()
        if trimmed.isEmpty { return .failure(Problem("you passed an empty string, \(name) must be a non-empty string.")) }
        // JavaScript counts UTF-16 code units.
        if trimmed.utf16.count > 250 { return .failure(Problem("\(name) too long, \(name) must be 250 characters or less.")) }
        return .success(trimmed)
    }

    /// The matching key, `key`.
    mutating func key() -> String? { checked(Self.validKey(query["key"], named: "key")) }

    /// The bucketing key, `bucketing-key`, when given.
    mutating func bucketingKey() -> String? {
        query["bucketing-key"].flatMap { checked(Self.validKey($0, named: "bucketing-key")) }
    }

    /// One flag, `split-name`: trimmed, not empty.
    mutating func flagName() -> String? {
        guard let name = query["split-name"] else {
            return checked(.failure(Problem("you passed a null or undefined split-name, split-name must be a non-empty string.")))
        }
        let trimmed = name.trimmingJavaScriptSpaces()
        return checked(trimmed.isEmpty ? .failure(Problem("you passed an empty split-name, split-name must be a non-empty string.")) : .success(trimmed))
    }

    /// Flags or flag sets, comma-separated (`split-names`, `flag-sets`): each trimmed, empty ones
    /// dropped, duplicates dropped, in order; at least one.
    mutating func names(_ parameter: String) -> [String]? {
        let sets = parameter == "flag-sets"
        guard let list = query[parameter] else {
            return checked(.failure(Problem(sets ? "you passed a null or undefined flag-sets, flag-sets must be a non-empty array."
                : "you passed a null or undefined split-names, split-names must be a non-empty array.")))
        }
        var names: [String] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part).trimmingJavaScriptSpaces()
            if !name.isEmpty, !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else {
            return checked(.failure(Problem(sets ? "you passed an empty flag-sets, flag-sets must be a non-empty array."
                : "split-names must be a non-empty array.")))
        }
        return names
    }

    /// `attributes`: from the body for `POST`, else the query's JSON text; a JSON object.
    mutating func attributes() -> [String: JSONValue] {
        let given: JSONValue?
        if let body {
            given = body["attributes"]
        } else {
            given = query["attributes"].map { text in (try? JSONParser().parse(Array(text.utf8))) ?? .array([]) }
        }
        switch given {
        case nil, .null?: return [:]
        case .object(let o)?: return o
        case .string(let text)?:
            if case .object(let o)? = try? JSONParser().parse(Array(text.utf8)) { return o }
        default: break
        }
        problems.append("attributes must be a plain object.")
        return [:]
    }

    /// Whether impressions are left out: `impressions-disabled=true`, or the body's `impressionsDisabled`.
    var impressionsDisabled: Bool {
        if let flag = body?["impressionsDisabled"] {
            return flag == .bool(true) || flag == .string("true")
        }
        return query["impressions-disabled"] == "true"
    }

    /// `keys` of the get-all routes: a JSON array of `{"matchingKey","trafficType","bucketingKey"?}`,
    /// traffic types lowercased and distinct.
    mutating func keys() -> [(matchingKey: String, trafficType: String, bucketingKey: String?)]? {
        guard let text = query["keys"] else {
            return checked(.failure(Problem("you passed null or undefined keys, keys must be a non-empty array.")))
        }
        guard let json = try? JSONParser().parse(Array(text.utf8)), let items = json.arrayValue else {
            return checked(.failure(Problem("keys must be a valid format.")))
        }
        guard !items.isEmpty else { return checked(.failure(Problem("there should be at least one matchingKey-trafficType element."))) }
        var keys: [(matchingKey: String, trafficType: String, bucketingKey: String?)] = []
        for item in items {
            let members = item.objectValue ?? [:]
            guard case .success(let trafficType) = Self.trafficType(members["trafficType"]),
                  case .success(let matching) = Self.validKey(Self.keyText(members["matchingKey"]), named: "matchingKey") else {
                return checked(.failure(Problem(Self.invalidKeys)))
            }
            var bucketing: String?
            if let given = members["bucketingKey"] {
                guard case .success(let b) = Self.validKey(Self.keyText(given), named: "bucketingKey") else {
                    return checked(.failure(Problem(Self.invalidKeys)))
                }
                bucketing = b
            }
            if keys.contains(where: { $0.trafficType == trafficType }) {
                return checked(.failure(Problem("at least one trafficType is duplicated in keys object.")))
            }
            keys.append((matching, trafficType, bucketing))
        }
        return keys
    }

    private static let invalidKeys = "keys is array but there are errors inside of it. keys must be an array with at least one element that contain a valid matchingKey and trafficType. It can also includes bucketingKey."

    /// A key in JSON: a string, or a finite number as JavaScript writes it; `nil` otherwise.
    private static func keyText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: s
        case .number(let n)?: ScalarText.number(n.doubleValue)
        default: nil
        }
    }

    /// A traffic type: trimmed, not empty, lowercased.
    static func trafficType(_ value: JSONValue?) -> Result<String, Problem> {
        switch value {
        case nil, .null?: return .failure(Problem("you passed a null or undefined traffic-type, traffic-type must be a non-empty string."))
        case .string(let s)?:
            let trimmed = s.trimmingJavaScriptSpaces()
            return trimmed.isEmpty ? .failure(Problem("you passed an empty traffic-type, traffic-type must be a non-empty string."))
                : .success(trimmed.lowercased())
        default: return .failure(Problem("you passed an invalid traffic-type, traffic-type must be a non-empty string."))
        }
    }

    /// `/client/track`'s event: key, traffic type, event type and value.
    mutating func event() -> (key: String, trafficType: String, eventType: String, value: Double?)? {
        let key = self.key()
        let trafficType = checked(Self.trafficType(query["traffic-type"].map(JSONValue.string)))
        var eventType: String?
        switch query["event-type"] {
        case nil: problems.append("you passed a null or undefined event-type, event-type must be a non-empty string.")
        case ""?: problems.append("you passed an empty event-type, event-type must be a non-empty string.")
        case let type? where !Self.isEventType(type):
            problems.append("you passed \"\(type)\", event-type must adhere to the regular expression /^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$/g. This means an event_type must be alphanumeric, cannot be more than 80 characters long, and can only include a dash, underscore, period, or colon as separators of alphanumeric characters.")
        case let type?: eventType = type
        }
        var value: Double?
        if let text = query["value"] {
            let trimmed = text.trimmingJavaScriptSpaces()
            if trimmed.isEmpty || Double(trimmed) == nil || !Double(trimmed)!.isFinite {
                problems.append("value must be null or number.")
            } else {
                value = Double(trimmed)
            }
        }
        guard let key, let trafficType, let eventType else { return nil }
        return (key, trafficType, eventType, value)
    }

    /// `^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$`.
    private static func isEventType(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func alphanumeric(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
        }
        guard let first = bytes.first, alphanumeric(first), bytes.count <= 80 else { return false }
        return bytes.dropFirst().allSatisfy { alphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }
    }

    private mutating func checked<T>(_ result: Result<T, Problem>) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let problem):
            problems.append(problem.message)
            return nil
        }
    }
}

extension String {
    /// Trimmed of what JavaScript's `trim` removes: white space (Unicode's), line terminators and the BOM.
    func trimmingJavaScriptSpaces() -> String {
        let scalars = unicodeScalars
        func isSpace(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || s == "\u{FEFF}" }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[start...end])
    }
}
