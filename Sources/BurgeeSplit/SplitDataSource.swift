import Burgee
import BurgeeCore
import Logging

/// Polls Split's SDK API (Split's servers, a Split Proxy, or `burgee serve --format split`) as
/// Split's server SDKs do: each poll runs the since/till loop on `GET /splitChanges` (spec 1.3,
/// falling back to 1.1 when a server answers 400 to it, and asking for 1.3 again a day later),
/// then `GET /segmentChanges/{name}` (its own loop) for every standard segment the flags and
/// rule-based segments name, and hands the client the whole Split document whenever something
/// changed.
///
/// 401 and 403 stop the source as `unauthorized`. Any other failure (429, 5xx, network, a body
/// that cannot be read, a document the client refuses) keeps the last good flags and change
/// numbers and retries with the backoff of ``HTTPOptions`` (or after a `Retry-After`); a success
/// returns to the polling interval.
struct SplitDataSource: DataSource {
    let options: SplitPolling
    /// The SDK API's base URL, without a trailing slash.
    let base: String
    /// `Bearer <SDK key>`.
    let authorization: SDKKey

    /// How many `/splitChanges` (or one segment's `/segmentChanges`) requests a poll makes at most
    /// before it settles for what it has: a server whose change numbers never meet cannot hold
    /// the client in a loop.
    static let maxFetchesPerLoop = 20

    init(options: SplitPolling, sdkKey: SDKKey?) throws(ConfigurationError) {
        try options.validate()
        guard let sdkKey else { throw .invalidConnection("Split needs the SDK key, sent as Authorization: Bearer <key>") }
        self.options = options
        base = options.sdkURL.hasSuffix("/") ? String(options.sdkURL.dropLast()) : options.sdkURL
        // Checked once here, so that the URLs built from it below are valid.
        _ = try ServiceURL(base + "/splitChanges", allowInsecureHTTP: options.http.allowInsecureHTTP)
        authorization = SDKKey("Bearer " + sdkKey.value)!
    }

    /// What a poll ended with.
    private enum PollOutcome {
        /// The state is current; whether anything changed.
        case current(changed: Bool)
        case failed(HTTPFailure)
    }

    func run(_ sink: DataSourceSink) async {
        var http = options.http
        http.headers["SplitSDKVersion"] = "swift-burgee-" + SDKVersion.version
        let transport = DefinitionsTransport(options: http, sdkKey: authorization, readTimeout: http.requestTimeout)
        await poll(sink, transport)
        await transport.shutdown()
    }

    private func poll(_ sink: DataSourceSink, _ transport: DefinitionsTransport) async {
        let logger = sink.logger
        let pacing = PollLoop.Pacing.backoff(interval: options.pollingInterval, options.http.backoff)
        var state = SplitSyncState()
        var spec = SplitPolling.spec
        // When the server refused the current spec; it is asked for again a day later, as Split's SDKs do.
        var fellBackAt: ContinuousClock.Instant?
        var delivered = false
        var failures = 0
        while !Task.isCancelled {
            if let since = fellBackAt, since.duration(to: .now) >= SplitPolling.specRetryInterval {
                spec = SplitPolling.spec
                fellBackAt = nil
            }
            let askedSpec = spec
            var next = state
            var retryAfter: Duration?
            let outcome = await fetch(into: &next, spec: &spec, transport, sink)
            if spec != askedSpec { fellBackAt = .now }
            switch outcome {
            case .current(let changed):
                if changed || !delivered {
                    if await sink.apply(.json(Array(next.document.serialized().utf8), format: .split)) {
                        state = next
                        delivered = true
                        failures = 0
                    } else {
                        // Refused by the client (which reported why): the state stays, so the next
                        // poll asks for the same changes again.
                        failures += 1
                    }
                } else {
                    state = next
                    failures = 0
                    sink.confirmValid()
                }
            case .failed(let failure):
                if Task.isCancelled { return }
                if failure.isUnauthorized {
                    logger.error("Split refused the SDK key; polling stops",
                                 metadata: ["url": "\(base)", "status": "\(failure.error.statusCode ?? 0)"])
                    sink.setState(.unauthorized, error: failure.error)
                    return
                }
                failures += 1
                sink.fail(failure.error)
                retryAfter = failure.retryAfter.map { min($0, options.http.maxRetryAfter) }
                logger.warning("Split request failed", metadata: [
                    "error": "\(transport.redact(failure.error.message))", "failures": "\(failures)",
                    "retryIn": "\(pacing.wait(afterFailures: failures, retryAfter: retryAfter))",
                ])
            }
            do { try await Task.sleep(for: pacing.wait(afterFailures: failures, retryAfter: retryAfter)) } catch { return }
        }
    }

    /// One poll: flags and rule-based segments, then the segments they name, into `state`.
    private func fetch(into state: inout SplitSyncState, spec: inout String, _ transport: DefinitionsTransport,
                       _ sink: DataSourceSink) async -> PollOutcome {
        var changed = false
        var fetches = 0
        while fetches < Self.maxFetchesPerLoop {
            fetches += 1
            let url: ServiceURL
            do { url = try ServiceURL(splitChangesQuery(state, spec: spec), allowInsecureHTTP: options.http.allowInsecureHTTP) } catch {
                return .failed(HTTPFailure(DataSourceError(kind: .invalidData, message: "the splitChanges URL is invalid: \(error)")))
            }
            switch await transport.fetchDefinitions(url, etag: nil) {
            case .failed(let failure):
                if spec != SplitPolling.olderSpec, failure.error.statusCode == 400 {
                    sink.logger.warning("the Split server refused spec \(spec) (400); asking for spec \(SplitPolling.olderSpec)",
                                        metadata: ["url": "\(base)"])
                    spec = SplitPolling.olderSpec
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
            switch await fetchSegment(name, into: &state, transport, sink) {
            case .current(let segmentChanged): changed = changed || segmentChanged
            case .failed(let failure): return .failed(failure)
            }
        }
        let before = state.segments
        state.forgetUnnamedSegments()
        return .current(changed: changed || before != state.segments)
    }

    /// `/segmentChanges/{name}` until `since == till`.
    private func fetchSegment(_ name: String, into state: inout SplitSyncState, _ transport: DefinitionsTransport,
                              _ sink: DataSourceSink) async -> PollOutcome {
        var changed = state.segments[name] == nil
        if changed { state.segments[name] = [] }
        for _ in 0..<Self.maxFetchesPerLoop {
            let since = state.segmentChangeNumbers[name] ?? -1
            let url: ServiceURL
            do {
                url = try ServiceURL(base + "/segmentChanges/" + Self.pathSegment(name) + "?since=\(since)",
                                     allowInsecureHTTP: options.http.allowInsecureHTTP)
            } catch {
                return .failed(HTTPFailure(DataSourceError(kind: .invalidData, message: "segment '\(name)': the URL is invalid")))
            }
            switch await transport.fetchDefinitions(url, etag: nil) {
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

    /// `…/splitChanges?s=1.3&since=N&rbSince=M[&sets=a,b]` (1.1: without `rbSince`).
    private func splitChangesQuery(_ state: SplitSyncState, spec: String) -> String {
        var url = base + "/splitChanges?s=\(spec)&since=\(state.changeNumber)"
        if spec != SplitPolling.olderSpec { url += "&rbSince=\(state.ruleBasedChangeNumber)" }
        if !options.flagSets.isEmpty { url += "&sets=" + options.flagSets.joined(separator: ",") }
        return url
    }

    /// `name` percent-encoded for a URL path (letters, digits, `-`, `_`, `.` and `~` as they are).
    static func pathSegment(_ name: String) -> String {
        var encoded = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return encoded
    }
}
