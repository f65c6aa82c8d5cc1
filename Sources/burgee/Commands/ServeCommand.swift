import ArgumentParser
import BurgeeCore
import BurgeeServer
import Foundation
import Logging
import UnixSignals

/// `burgee serve`: a definitions server for development and tests.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a definitions file to Burgee clients: polling with ETags, streaming, events.",
        discussion: """
        GET /definitions answers with the document and a strong ETag (304 for If-None-Match), GET /stream \
        sends Server-Sent Events (put, then patch and delete as the file changes), POST /events stores \
        event bodies in memory: GET /events lists the most recent 10,000 as a JSON array of batches, \
        GET /events/stats counts them all (both need the --sdk-key when one is set). GET /status answers in every mode. \
        Every --summary-interval seconds (10 by default) a line on standard output counts what arrived since the last \
        one: requests, event batches, LaunchDarkly posts and events by kind, Unleash registrations and metrics, Split's impressions and events, Kameleoon's tracking posts and fetches. \
        Without the key every path gets 401; with it, unknown paths get 404. The file is checked for changes every \
        250 ms; a version that cannot be read keeps the last good one. Once listening it prints, for every format, \
        "Serving <format> definitions from FILE at URL", URL being the one a client of that format is given, then \
        the routes below it. Runs until interrupted (SIGINT or SIGTERM). See docs/sync.md.

        With Unleash definitions (--format unleash, or a features document told by its shape) the server \
        speaks Unleash's client API instead, as Unleash Edge does offline: GET /api/client/features \
        (ETag, 304; the project and namePrefix filters applied), GET /api/client/streaming (Server-Sent Events: \
        unleash-connected, then unleash-updated as the file changes), POST /api/client/register and \
        POST /api/client/metrics (stored, listed at GET /events, counted at GET /events/stats). \
        With LaunchDarkly definitions (--format launchdarkly, or a document told by its shape: \
        {"flags","segments"} as GET /sdk/latest-all serves it, or a stream put's {"path":"/","data"}) \
        it speaks LaunchDarkly's server-side SDK protocol, as a Relay Proxy does: GET /sdk/latest-all \
        (ETag, 304), GET /sdk/latest-flags and GET /sdk/latest-segments, GET /all (Server-Sent Events: put, \
        then patch and delete with each item's version as the file changes), and the SDKs' event posts \
        POST /bulk and POST /diagnostic (202; listed at GET /events, counted by kind at GET /events/stats); \
        a payload filter (?filter=) cannot be applied to a file and gets 400 with a message. Point a client at it with LaunchDarklyConnection.relayProxy. \
        With flagd definitions (--format flagd, or a flag document told by its shape) it serves the \
        document as it is at GET /definitions (ETag, 304), for flagd's HTTP sync and Burgee's polling. \
        With Split definitions (--format split: a /splitChanges body with segments) it speaks Split's SDK API \
        below /api, for Split's SDKs (sdk, events and auth URL .../api, streaming off) and Burgee's Split polling: \
        GET /api/splitChanges (s=1.3 or 1.1, since and rbSince, sets= filtering by flag set; the change number \
        is the file's ff.t and moves up as the file changes), GET /api/segmentChanges/{name}, GET /api/v2/auth \
        (no push, so SDKs poll), and POST /api/testImpressions/bulk, /api/testImpressions/count and \
        /api/events/bulk (listed at GET /events, counted by flag and event type at GET /events/stats), and the \
        SDKs' telemetry (telemetry URL .../api too) at POST /api/v1/metrics/config, /api/v1/metrics/usage and /api/v1/keys/ss; \
        the document is also served whole at GET /definitions. \
        With Kameleoon definitions (--format kameleoon: the body of Kameleoon's SDK configuration endpoint) it speaks \
        Kameleoon's SDK API at the root, which stands for Kameleoon's configuration, events, Data API and OAuth domains: \
        GET /v3/{siteCode} (any site code; environment and ts ignored; ETag and Last-Modified, 304 for If-None-Match \
        or If-Modified-Since), GET /sse (Server-Sent Events: configuration-update-event with {"ts"} as the file changes), \
        POST /oauth/token (grant_type=client_credentials with Basic credentials; with --sdk-key the client secret must \
        be the key, and the Data API routes need a token it issued), POST /visit/events (one event per line; listed at \
        GET /events, counted by event type and visitor at GET /events/stats), and GET /visit/visitor and GET /map/map, \
        answered from --kameleoon-visitors (a JSON object: visitor code or key → the Data API's answer; {} for others). \
        Kameleoon's SDKs fetch the configuration and open the stream without a key, so those two routes are open \
        whatever --sdk-key; the document stays behind the key at GET /definitions. \
        With Datadog definitions (--format datadog: a Universal Flag Configuration, raw or in its JSON:API envelope) \
        it speaks Datadog's flag CDN and exposure intake at the root (the agentless base URL): \
        GET /api/v2/feature-flagging/config/rules-based/server (the document in its envelope; ETag, 304; open, as \
        Datadog's SDKs send no key to a custom base URL, but with --sdk-key a DD-API-KEY sent must be the key, else \
        403), POST /api/v2/exposures (with --sdk-key, DD-API-KEY must carry the key, else 403), and, as the Agent \
        (DD_TRACE_AGENT_URL), GET /info and POST /evp_proxy/v2/api/v2/exposures (X-Datadog-EVP-Subdomain: \
        event-platform-intake); exposures are listed at \
        GET /events and counted by flag at GET /events/stats. With Eppo definitions (--format eppo) it speaks Eppo's \
        CDN below /api: GET /api/flag-config/v1/config (ETag, 304; with --sdk-key, the apiKey parameter must be the \
        key, else 401). \
        The format is given with --format or told from the document's shape (auto, the default); \
        a document whose format cannot be told ends the command at start with exit status 1 and a message.

        Whatever the format, the server also answers OFREP, the OpenFeature Remote Evaluation Protocol: \
        POST /ofrep/v1/evaluate/flags/{key} evaluates one flag and POST /ofrep/v1/evaluate/flags every \
        flag (ETag, 304) for the body's {"context":{"targetingKey":…}}; --no-ofrep turns it off. See \
        docs/openfeature.md.

        The flag explorer, a page at /explorer (GET / leads there; with --sdk-key, the key is its \
        password), shows every flag, its rules and segments in words, evaluates a context with its \
        trace and draws rollouts; its JSON API is below /explorer/api; --no-explorer turns it off. \
        See docs/explorer.md.
        """
    )

    @Option(help: "The definitions file (JSON, see --format).")
    var definitions: String

    @OptionGroup var formatOptions: FormatOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8030

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .customLong("sdk-key"), help: "Require this key in the Authorization header of every request.")
    var sdkKey: String?

    @Option(help: "Seconds between heartbeats on open streams.")
    var heartbeat: Double = 15

    @Flag(inversion: .prefixedNo, help: "Answer OFREP's evaluation requests under /ofrep/v1.")
    var ofrep = true

    @Flag(inversion: .prefixedNo, help: "Show the flag explorer at /explorer (GET / leads there).")
    var explorer = true

    @Option(name: .customLong("kameleoon-visitors"),
            help: "With Kameleoon definitions: a JSON object file, visitor code (or key) → what GET /visit/visitor (and GET /map/map) answers.")
    var visitorData: String?

    @Option(name: .customLong("summary-interval"),
            help: "Seconds between summary lines of what arrived (requests, events, metrics, registrations); 0 for none.")
    var summaryInterval: Double = 10

    func validate() throws {
        guard heartbeat > 0, heartbeat.isFinite else { throw ValidationError("--heartbeat must be a positive number of seconds") }
        guard summaryInterval >= 0, summaryInterval.isFinite else {
            throw ValidationError("--summary-interval must be 0 or a positive number of seconds")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        var logger = Logger(label: "burgee.serve", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .info
        var configuration = DefinitionsServerConfiguration(
            host: host, port: port, sdkKey: sdkKey,
            heartbeatInterval: .nanoseconds(Int64((heartbeat * 1e9).rounded())),
            servesOFREP: ofrep, servesExplorer: explorer
        )
        // The file's format decides the API served; a file that cannot be read is left to the
        // server, which says why.
        configuration.format = formatOptions.definitionsFormat ?? .native
        if let bytes = FileManager.default.contents(atPath: definitions) {
            do {
                let json: JSONValue
                do { json = try JSONParser().parse([UInt8](bytes)) } catch { throw DefinitionsError.invalidJSON(error) }
                // Only the format is decided here; whether the document is usable, the server says.
                configuration.format = try DefinitionsReader.format(of: json, given: formatOptions.definitionsFormat)
            } catch {
                StandardOutput.error("burgee serve: \(error)")
                throw ExitCode.failure
            }
        }
        if let visitorData {
            guard configuration.format == .kameleoon else {
                StandardOutput.error("burgee serve: --kameleoon-visitors applies to Kameleoon definitions only (--format kameleoon)")
                throw ExitCode.failure
            }
            do {
                configuration.visitorData = try Self.visitors(at: visitorData)
            } catch {
                StandardOutput.error("burgee serve: --kameleoon-visitors: \(error)")
                throw ExitCode.failure
            }
        }
        let server: DefinitionsServer
        do {
            server = try DefinitionsServer(configuration: configuration, definitions: .file(definitions), logger: logger)
        } catch {
            StandardOutput.error("burgee serve: \(error)")
            throw ExitCode.failure
        }
        // Trapped before listening, so that a signal sent as soon as the line appears is not lost.
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        let running: RunningDefinitionsServer
        do {
            running = try await server.start()
        } catch {
            StandardOutput.error("burgee serve: cannot listen on \(host):\(port): \(error)")
            throw ExitCode.failure
        }
        // One line for every format, ending with the URL its clients take; then their routes.
        var out = StandardOutput()
        for line in running.announcement(source: definitions) {
            out.writeLine(line)
        }
        out.flush()

        let failure = await withTaskGroup(of: (any Error)?.self) { group in
            group.addTask {
                var iterator = signals.makeAsyncIterator()
                _ = await iterator.next()
                await running.stop()
                return nil
            }
            group.addTask {
                do { try await running.wait() } catch { return error }
                return nil
            }
            if summaryInterval > 0 {
                group.addTask { [summaryInterval] in
                    await Self.printSummaries(of: server, every: summaryInterval)
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let failure {
            StandardOutput.error("burgee serve: \(failure)")
            throw ExitCode.failure
        }
    }

    /// The visitors document at `path`: a JSON object whose members are the Data API's answers.
    private static func visitors(at path: String) throws -> [String: JSONValue] {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw VisitorsFileError("cannot read '\(path)'")
        }
        let json: JSONValue
        do { json = try JSONParser().parse([UInt8](bytes)) } catch { throw VisitorsFileError("'\(path)' is not JSON: \(error)") }
        guard let visitors = json.objectValue else {
            throw VisitorsFileError("'\(path)' is not a JSON object (visitor code → the Data API's answer)")
        }
        return visitors
    }

    /// Why the visitors document cannot be used.
    private struct VisitorsFileError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Prints, every `seconds`, one line of what arrived during the interval (so the counts since
    /// the last line); quiet intervals print nothing. Runs until cancelled.
    private static func printSummaries(of server: DefinitionsServer, every seconds: Double) async {
        let interval = Duration.nanoseconds(Int64((seconds * 1e9).rounded()))
        let label = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        var last = server.activity
        while true {
            do { try await Task.sleep(for: interval) } catch { return }
            let now = server.activity
            let arrived = now.since(last)
            last = now
            // Counts are of bodies stored, which may land an interval after their request began:
            // an interval is quiet only when every count is zero, so none is lost.
            guard !arrived.isEmpty else { continue }
            var out = StandardOutput()
            out.writeLine("summary (last \(label) s): \(arrived.summary)")
            out.flush()
        }
    }
}
