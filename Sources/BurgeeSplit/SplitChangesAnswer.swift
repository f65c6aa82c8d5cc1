import BurgeeCore

/// Why an answer of Split's SDK API could not be read.
struct SplitAnswerError: Error {
    let reason: String
}

/// A `/splitChanges` body: spec 1.3 (`{"ff":{"d","s","t"},"rbs":{"d","s","t"}}`) or 1.1
/// (`{"splits","since","till"}`).
struct SplitChangesAnswer {
    /// The flags, deletions included.
    var flags: [JSONValue]
    /// `ff.t` (`till`).
    var till: Int64
    /// The rule-based segments and `rbs.t`; `nil` in a 1.1 body (or a 1.3 body without `rbs`).
    var ruleBased: (items: [JSONValue], till: Int64)?
    /// Whether the client is now current: `s == t` in every section.
    var isComplete: Bool

    init(_ body: [UInt8], limits: JSONLimits) throws(SplitAnswerError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(body) } catch {
            throw SplitAnswerError(reason: "the body is not JSON: \(error)")
        }
        guard let members = json.objectValue else { throw SplitAnswerError(reason: "the body is not a JSON object") }
        if let ff = members["ff"] {
            let (items, since, till) = try Self.section(ff, "ff")
            flags = items
            self.till = till
            isComplete = since == till
            if let rbs = members["rbs"], !rbs.isNull {
                let (items, since, till) = try Self.section(rbs, "rbs")
                ruleBased = (items, till)
                isComplete = isComplete && since == till
            }
        } else if let splits = members["splits"] {
            guard let items = splits.arrayValue else { throw SplitAnswerError(reason: "'splits' is not an array") }
            guard let since = members["since"]?.int64Value, let till = members["till"]?.int64Value else {
                throw SplitAnswerError(reason: "'since' and 'till' must be integers")
            }
            flags = items
            self.till = till
            isComplete = since == till
        } else {
            throw SplitAnswerError(reason: #"the body has neither "ff" (spec 1.3) nor "splits" (spec 1.1)"#)
        }
    }

    private static func section(_ json: JSONValue, _ name: String) throws(SplitAnswerError) -> ([JSONValue], Int64, Int64) {
        guard let members = json.objectValue else { throw SplitAnswerError(reason: "'\(name)' is not an object") }
        let items: [JSONValue]
        switch members["d"] {
        case nil, .null?: items = []
        case .array(let list)?: items = list
        default: throw SplitAnswerError(reason: "'\(name).d' is not an array")
        }
        guard let since = members["s"]?.int64Value, let till = members["t"]?.int64Value else {
            throw SplitAnswerError(reason: "'\(name).s' and '\(name).t' must be integers")
        }
        return (items, since, till)
    }
}

/// A `/segmentChanges/{name}` body: `{"name","added","removed","since","till"}`.
struct SegmentChangesAnswer {
    var added: [String]
    var removed: [String]
    var since: Int64
    var till: Int64

    init(_ body: [UInt8], limits: JSONLimits) throws(SplitAnswerError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(body) } catch {
            throw SplitAnswerError(reason: "the body is not JSON: \(error)")
        }
        guard let members = json.objectValue else { throw SplitAnswerError(reason: "the body is not a JSON object") }
        guard let since = members["since"]?.int64Value, let till = members["till"]?.int64Value else {
            throw SplitAnswerError(reason: "'since' and 'till' must be integers")
        }
        func keys(_ name: String) throws(SplitAnswerError) -> [String] {
            switch members[name] {
            case nil, .null?: return []
            case .array(let list)?:
                let keys = list.compactMap(\.stringValue)
                guard keys.count == list.count else { throw SplitAnswerError(reason: "'\(name)' holds a key that is not a string") }
                return keys
            default: throw SplitAnswerError(reason: "'\(name)' is not an array")
            }
        }
        added = try keys("added")
        removed = try keys("removed")
        self.since = since
        self.till = till
    }
}
