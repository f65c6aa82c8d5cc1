import BurgeeCore

/// The evaluations of one Split Evaluator request, and the impressions they leave: Split's
/// impression for each (`k`, `b`, `t`, `r`, `c`, `m`), grouped by flag as Split's SDKs post them
/// (`[{"f": flag, "i": [impression, …]}]`), recorded with the SDKs' impressions once the request
/// is answered; none when impressions are disabled, nor for a flag that is not served.
struct SplitEvaluations {
    let snapshot: Snapshot
    let impressionsDisabled: Bool
    private var impressions: [(flag: String, impression: JSONValue)] = []

    init(snapshot: Snapshot, impressionsDisabled: Bool) {
        self.snapshot = snapshot
        self.impressionsDisabled = impressionsDisabled
    }

    /// Split's answer for `flag` and the key, as Split's SDKs evaluate it.
    mutating func evaluate(_ flag: String, key: String, bucketingKey: String?, attributes: [String: JSONValue]) -> SplitResult {
        let context = Context(splitKey: key, bucketingKey: bucketingKey, attributes: attributes)
        let result = snapshot.splitResult(for: snapshot.evaluate(flag, context: context), flag: flag)
        // Split's SDKs leave no impression for a flag they do not know, nor for a refused call.
        if !impressionsDisabled, let label = result.label, result.changeNumber != nil, label != SplitLabels.definitionNotFound {
            var impression: [String: JSONValue] = [
                "k": .string(key), "t": .string(result.treatment), "r": .string(label),
                "c": .number(Double(result.changeNumber ?? -1)), "m": .number(Double(DefinitionsResponder.unixMilliseconds())),
            ]
            if let bucketingKey { impression["b"] = .string(bucketingKey) }
            impressions.append((flag, .object(impression)))
        }
        return result
    }

    /// Records the impressions left, as one post of Split's impressions shape.
    func record(on server: DefinitionsServer) {
        guard !impressions.isEmpty else { return }
        var order: [String] = []
        var byFlag: [String: [JSONValue]] = [:]
        for (flag, impression) in impressions {
            if byFlag[flag] == nil { order.append(flag) }
            byFlag[flag, default: []].append(impression)
        }
        let body = JSONValue.array(order.map { ["f": .string($0), "i": .array(byFlag[$0]!)] })
        server.records.of(SplitInbox.self).store(SplitPost(kind: .impressions, body: body, receivedBytes: 0))
        server.forward(path: "/api/testImpressions/bulk", headers: SplitPost.evaluatorHeaders(impressionsMode: "debug"),
                       body: Array(body.serialized().utf8))
    }
}
