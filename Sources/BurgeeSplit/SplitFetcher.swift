import Burgee
import BurgeeCore

/// The requests of Split's SDK API, into a ``SplitSyncState``: the since/till loop of `GET
/// /splitChanges` (spec 1.3, falling back to 1.1 when a server answers 400 to it, and asking for
/// 1.3 again a day later), and of `GET /segmentChanges/{name}`. A fetch after a notification
/// adds `till=<change number>` and `Cache-Control: no-cache`, which Split's CDN takes as reasons
/// to answer from the origin.
struct SplitFetcher {
    /// The SDK API's base URL, without a trailing slash.
    let base: String
    let options: SplitPolling
    let transport: DefinitionsTransport
    let sink: DataSourceSink

    /// How many `/splitChanges` (or one segment's `/segmentChanges`) requests a fetch makes at
    /// most before it settles for what it has: a server whose change numbers never meet cannot
    /// hold the client in a loop.
    static let maxFetchesPerLoop = 20

    /// The spec asked for now.
    private(set) var spec = SplitPolling.spec
    /// When the server refused the current spec (a reading of the client's clock); it is asked
    /// for again a day later, as Split's SDKs do.
    private var fellBackAt: Duration?

    init(base: String, options: SplitPolling, transport: DefinitionsTransport, sink: DataSourceSink) {
        self.base = base
        self.options = options
        self.transport = transport
        self.sink = sink
    }

    /// What a fetch ended with.
    enum Outcome {
        /// The state is current; whether anything changed.
        case current(changed: Bool)
        case failed(HTTPFailure)
    }

    /// Flags and rule-based segments (up to `till` when a notification named it), then the
    /// segments they name, into `state`.
    mutating func fetchAll(into state: inout SplitSyncState, till: Int64? = nil) async -> Outcome {
        if let since = fellBackAt, sink.clock.now - since >= SplitPolling.specRetryInterval {
            spec = SplitPolling.spec
            fellBackAt = nil
        }
        var changed = false
        var fetches = 0
        while fetches < Self.maxFetchesPerLoop {
            fetches += 1
            let url: ServiceURL
            do { url = try ServiceURL(splitChangesQuery(state, till: till), allowInsecureHTTP: options.http.allowInsecureHTTP) } catch {
                return .failed(HTTPFailure(DataSourceError(kind: .invalidData, message: "the splitChanges URL is invalid: \(error)")))
            }
            switch await transport.fetchDefinitions(url, etag: nil, headers: Self.onDemand(till)) {
            case .failed(let failure):
                if spec != SplitPolling.olderSpec, failure.error.statusCode == 400 {
                    sink.logger.warning("the Split server refused spec \(spec) (400); asking for spec \(SplitPolling.olderSpec)",
                                        metadata: ["url": "\(base)"])
                    spec = SplitPolling.olderSpec
                    fellBackAt = sink.clock.now
                    continue
                }
                return .failed(failure)
            case .notModified:
                fetches = Self.maxFetchesPerLoop
            case .modified(let body, _):
                let answer: SplitChangesAnswer
                do { answer = try SplitChangesAnswer(body, limits: sink.limits) } catch {
                    return .failed(HTTPFailure(DataSourceError(kind: .invalidData, message: "GET \(url): \(error.reason)")))
                }
                changed = SplitSyncState.apply(answer.flags, to: &state.flags) || changed
                state.changeNumber = answer.till
                if let ruleBased = answer.ruleBased {
                    changed = SplitSyncState.apply(ruleBased.items, to: &state.ruleBasedSegments) || changed
                    state.ruleBasedChangeNumber = ruleBased.till
                }
                if answer.isComplete { fetches = Self.maxFetchesPerLoop }
            }
        }
        for name in state.namedSegments.sorted() {
            switch await fetchSegment(name, into: &state) {
            case .current(let segmentChanged): changed = changed || segmentChanged
            case .failed(let failure): return .failed(failure)
            }
        }
        let before = state.segments
        state.forgetUnnamedSegments()
        return .current(changed: changed || before != state.segments)
    }

    /// `/segmentChanges/{name}` until `since == till` (the first request with `till` when a
    /// notification named it).
    func fetchSegment(_ name: String, into state: inout SplitSyncState, till: Int64? = nil) async -> Outcome {
        var changed = state.segments[name] == nil
        if changed { state.segments[name] = [] }
        for _ in 0..<Self.maxFetchesPerLoop {
            let since = state.segmentChangeNumbers[name] ?? -1
            let url: ServiceURL
            do {
                url = try ServiceURL(base + "/segmentChanges/" + SplitDataSource.pathSegment(name) + "?since=\(since)"
                                        + (till.map { "&till=\($0)" } ?? ""),
                                     allowInsecureHTTP: options.http.allowInsecureHTTP)
            } catch {
                return .failed(HTTPFailure(DataSourceError(kind: .invalidData, message: "segment '\(name)': the URL is invalid")))
            }
            switch await transport.fetchDefinitions(url, etag: nil, headers: Self.onDemand(till)) {
            case .failed(let failure):
                return .failed(failure)
            case .notModified:
                return .current(changed: changed)
            case .modified(let body, _):
                let answer: SegmentChangesAnswer
                do { answer = try SegmentChangesAnswer(body, limits: sink.limits) } catch {
                    return .failed(HTTPFailure(DataSourceError(kind: .invalidData, message: "GET \(url): \(error.reason)")))
                }
                changed = state.applySegment(name, added: answer.added, removed: answer.removed) || changed
                state.segmentChangeNumbers[name] = answer.till
                if answer.since == answer.till { return .current(changed: changed) }
            }
        }
        return .current(changed: changed)
    }

    /// The headers of a fetch a notification asked for (`till` given): `Cache-Control: no-cache`.
    private static func onDemand(_ till: Int64?) -> [(String, String)] {
        till == nil ? [] : [("Cache-Control", "no-cache")]
    }

    /// `…/splitChanges?s=1.3&since=N&rbSince=M[&sets=a,b][&till=T]` (1.1: without `rbSince`).
    private func splitChangesQuery(_ state: SplitSyncState, till: Int64?) -> String {
        var url = base + "/splitChanges?s=\(spec)&since=\(state.changeNumber)"
        if spec != SplitPolling.olderSpec { url += "&rbSince=\(state.ruleBasedChangeNumber)" }
        if !options.flagSets.isEmpty { url += "&sets=" + options.flagSets.joined(separator: ",") }
        if let till { url += "&till=\(till)" }
        return url
    }
}
