import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// The server's record of what it handed to Split clients.
    private var splitHistory: SplitServedHistory { server.records.of(SplitServedHistory.self) }

    /// `GET /api/splitChanges?s=1.3&since=N&rbSince=M[&sets=a,b]`: the flags (and rule-based
    /// segments) newer than the client's change numbers, with Split's since/till semantics so
    /// that an SDK's fetch loop ends. The served document's version is the change number `t` of
    /// both sections. A client at that number gets an empty section with `s == t`; any other
    /// number (-1, an older one, or one from before a restart) gets every item, with those it may
    /// hold from earlier answers and that are gone (or outside its flag sets) as ARCHIVED. `s=1.3`
    /// answers `{"ff":{"d","s","t"},"rbs":{"d","s","t"}}`; any other spec (or none) the 1.1 body
    /// `{"splits","since","till"}`. `till` is accepted and ignored: a file has no older states.
    func splitChangesResponse(_ request: Request) -> Response {
        let parameters = request.uri.queryParameters
        let served = server.store.served
        let changeNumber = served.documentVersion
        let items = splitHistory.items(of: served)
        let since = parameters.getAll("since").first.flatMap { Int64($0) } ?? -1
        let ruleBasedSince = parameters.getAll("rbSince").first.flatMap { Int64($0) } ?? -1
        let sets = Set((parameters.getAll("sets").first ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty })
        let flags = sets.isEmpty ? items.flags : items.flags.filter { !SplitServedItems.flagSets(of: $0.json).isDisjoint(with: sets) }
        let isSpec13 = parameters.getAll("s").first == "1.3"
        let sendsFlags = since != changeNumber
        let sendsRuleBased = isSpec13 && ruleBasedSince != changeNumber
        let gone = splitHistory.serve(flags: sendsFlags ? flags : [], ruleBasedSegments: sendsRuleBased ? items.ruleBasedSegments : [])
        let flagList: [JSONValue] = sendsFlags ? Self.withDeletions(flags, gone: gone.flags, since: since, changeNumber) : []
        guard isSpec13 else {
            return JSONResponses.json(.ok, ["splits": .array(flagList), "since": .number(Double(sendsFlags ? since : changeNumber)),
                                            "till": .number(Double(changeNumber))])
        }
        let ruleBasedList: [JSONValue] = sendsRuleBased
            ? Self.withDeletions(items.ruleBasedSegments, gone: gone.ruleBasedSegments, since: ruleBasedSince, changeNumber) : []
        return JSONResponses.json(.ok, [
            "ff": ["d": .array(flagList), "s": .number(Double(sendsFlags ? since : changeNumber)), "t": .number(Double(changeNumber))],
            "rbs": ["d": .array(ruleBasedList), "s": .number(Double(sendsRuleBased ? ruleBasedSince : changeNumber)),
                    "t": .number(Double(changeNumber))],
        ])
    }

    /// `items`, and for a client that may hold earlier ones (`since` not -1), the `gone` ones as
    /// ARCHIVED, in name order.
    private static func withDeletions(_ items: [(name: String, json: JSONValue)], gone: [String: JSONValue], since: Int64,
                                      _ changeNumber: Int64) -> [JSONValue] {
        var list = items.map(\.json)
        guard since != -1 else { return list }
        for name in gone.keys.sortedInByteOrder() {
            list.append(SplitServedItems.archived(gone[name]!, changeNumber: changeNumber))
        }
        return list
    }

    /// `GET /api/segmentChanges/{name}?since=N`: `{"name","added","removed","since","till"}`. A
    /// client at the served change number gets no changes with `since == till`; any other number
    /// gets every key as added, and for a client that may hold earlier keys (`since` not -1), the
    /// keys served before and gone as removed. A segment the document does not have is empty.
    func splitSegmentChangesResponse(_ request: Request) -> Response {
        let rawName = request.uri.path.dropFirst(SplitServedFormat.segmentChangesPath.count).dropFirst()
        guard !rawName.isEmpty, let name = PercentDecoding.decode(rawName) else {
            return JSONResponses.error(.notFound, "not_found", "name a segment: \(SplitServedFormat.segmentChangesPath)/{name}")
        }
        let served = server.store.served
        let changeNumber = served.documentVersion
        let since = request.uri.queryParameters.getAll("since").first.flatMap { Int64($0) } ?? -1
        var added: [String] = []
        var removed: [String] = []
        if since != changeNumber {
            added = splitHistory.items(of: served).segments[name] ?? []
            let gone = splitHistory.serve(segment: name, keys: added)
            if since != -1 { removed = gone.sortedInByteOrder() }
        }
        return JSONResponses.json(.ok, [
            "name": .string(name), "added": .array(added.map(JSONValue.string)), "removed": .array(removed.map(JSONValue.string)),
            "since": .number(Double(since == changeNumber ? changeNumber : since)), "till": .number(Double(changeNumber)),
        ])
    }
}
