import ArgumentParser
import BurgeeCore
import BurgeeRelay
import BurgeeServer
import Foundation
import Logging
import UnixSignals

/// `burgee serve`: a definitions server for development and tests.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a definitions file, or relay a vendor's (--upstream), to SDKs: polling with ETags, streaming, events.",
        discussion: """
        The format of the definitions is given with --format or told from the document's shape (auto, the \
        default), and decides the API served (below); a document whose format cannot be told ends the command \
        at start with exit status 1 and a message. In every mode GET /status answers, and GET /events and \
        GET /events/stats list and count what the format's clients posted (both need the --sdk-key when one \
        is set). Every --summary-interval seconds (10 by default) a line on standard output counts what \
        arrived since the last one: requests, event batches, and the format's own posts, events and fetches. \
        Without the key every path gets 401; with it, unknown paths get 404. The file is checked for changes \
        every 250 ms; a version that cannot be read keeps the last good one. Once listening it prints, for \
        every format, "Serving <format> definitions from FILE at URL", URL being the one a client of that \
        format is given, then the routes below it. Runs until interrupted (SIGINT or SIGTERM). See \
        docs/sync.md.

        \(DefinitionsServer.formatHelp.joined(separator: "\n\n"))

        Whatever the format, the server also answers OFREP, the OpenFeature Remote Evaluation Protocol: \
        POST /ofrep/v1/evaluate/flags/{key} evaluates one flag and POST /ofrep/v1/evaluate/flags every \
        flag (ETag, 304) for the body's {"context":{"targetingKey":…}}; --no-ofrep turns it off. See \
        docs/openfeature.md.

        The flag explorer, a page at /explorer (GET / leads there; with --sdk-key, the key is its \
        password), shows every flag, its rules and segments in words, evaluates a context with its \
        trace and draws rollouts; its JSON API is below /explorer/api; --no-explorer turns it off. \
        See docs/explorer.md.

        Relay mode: with --upstream URL (and --format) in place of --definitions, the definitions come \
        from the format's own service through its protocol (streaming where it streams, polling every \
        --upstream-interval seconds otherwise): the vendor, a proxy of the vendor's, or another burgee \
        serve, given the URL its clients are given. Changes are served and announced on open streams as \
        they arrive; the last good definitions stay while the upstream is away (and are kept in \
        --upstream-cache when given). The events, impressions, metrics, exposures and tracking the \
        server's clients post are recorded as usual and sent on upstream, each once, in order, retried on \
        5xx and 429 (--no-forward keeps them here). The key sent upstream is --upstream-key, or the \
        --sdk-key. See docs/sync.md, "Relay mode".

        With --store redis://…, the served definitions (from the file or the upstream) are also \
        written to that Redis in the layout of the format's vendor, when the server starts and after \
        every change, for a fleet that reads them there (burgee eval --store; LaunchDarkly's SDKs and \
        BurgeeClient in daemon mode). Formats: \(StoreLayouts.names). See docs/sync.md, "Fleets on Redis".
        """
    )

    @Option(help: "The definitions file (JSON, see --format); or relay with --upstream.")
    var definitions: String?

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

    /// The options only one format reads (Vendors/).
    @OptionGroup var vendorOptions: ServeVendorOptions

    /// Relay mode's options (`--upstream` and its settings).
    @OptionGroup var relay: RelayOptions

    /// A Redis the served definitions are written to, in the format's layout.
    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .customLong("summary-interval"),
            help: "Seconds between summary lines of what arrived (requests, events, metrics, registrations); 0 for none.")
    var summaryInterval: Double = 10

    func validate() throws {
        guard heartbeat > 0, heartbeat.isFinite else { throw ValidationError("--heartbeat must be a positive number of seconds") }
        guard summaryInterval >= 0, summaryInterval.isFinite else {
            throw ValidationError("--summary-interval must be 0 or a positive number of seconds")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        try relay.check(definitions: definitions, format: formatOptions.definitionsFormat)
        _ = try storeOptions.layout(for: formatOptions.definitionsFormat)
    }

    func run() async throws {
        var logger = Logger(label: "burgee.serve", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .info
        let configuration = DefinitionsServerConfiguration(
            host: host, port: port, sdkKey: sdkKey,
            heartbeatInterval: .nanoseconds(Int64((heartbeat * 1e9).rounded())),
            servesOFREP: ofrep, servesExplorer: explorer
        )
        let started: (running: RunningDefinitionsServer, relay: DefinitionsRelay?, signals: UnixSignalsSequence)
        do {
            started = try await start(configuration, logger: logger)
        } catch let failure as CommandFailure {
            StandardOutput.error("burgee serve: \(failure)")
            throw failure.exitCode
        }
        let (running, relaying, signals) = started
        let server = running.server
        // One line for every format, ending with the URL its clients take; then their routes.
        var out = StandardOutput()
        for line in running.announcement(source: definitions ?? relay.url ?? "") {
            out.writeLine(line)
        }
        out.flush()

        let failure = await withTaskGroup(of: (any Error)?.self) { group in
            group.addTask {
                var iterator = signals.makeAsyncIterator()
                _ = await iterator.next()
                if let relaying { await relaying.stop() } else { await running.stop() }
                return nil
            }
            group.addTask {
                do { try await running.wait() } catch { return error }
                return nil
            }
            if let (layout, format) = try? storeOptions.layout(for: formatOptions.definitionsFormat) {
                group.addTask { [storeOptions, logger] in
                    await storeOptions.mirror(server, layout: layout, format: format, logger: logger)
                    return nil
                }
            }
            if summaryInterval > 0 {
                group.addTask { [summaryInterval] in
                    await Self.printSummaries(of: server, relay: relaying, every: summaryInterval)
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

    /// Prints, every `seconds`, one line of what arrived during the interval (so the counts since
    /// the last line); quiet intervals print nothing. Runs until cancelled.
    private static func printSummaries(of server: DefinitionsServer, relay: DefinitionsRelay?, every seconds: Double) async {
        let interval = Duration.nanoseconds(Int64((seconds * 1e9).rounded()))
        let label = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        var last = server.activity
        var lastForwarding = relay?.forwardingStats
        while true {
            do { try await Task.sleep(for: interval) } catch { return }
            let now = server.activity
            let arrived = now.since(last)
            last = now
            let forwarding = relay?.forwardingStats
            defer { lastForwarding = forwarding }
            // Counts are of bodies stored, which may land an interval after their request began:
            // an interval is quiet only when every count is zero, so none is lost.
            guard !arrived.isEmpty || forwarding != lastForwarding else { continue }
            var line = "summary (last \(label) s): \(arrived.summary)"
            if let forwarding, forwarding != lastForwarding {
                line += "; upstream: \(forwarding)"
            }
            var out = StandardOutput()
            out.writeLine(line)
            out.flush()
        }
    }

    /// Starts serving the file, or relaying from the upstream; traps the signals before listening,
    /// so that a signal sent as soon as the first line appears is not lost.
    private func start(_ base: DefinitionsServerConfiguration, logger: Logger) async throws
        -> (running: RunningDefinitionsServer, relay: DefinitionsRelay?, signals: UnixSignalsSequence)
    {
        var configuration = base
        if let definitions {
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
                    throw CommandFailure("\(error)")
                }
            }
        } else if let format = formatOptions.definitionsFormat {
            configuration.format = format
        }
        try vendorOptions.configure(&configuration)
        let signals = await UnixSignalsSequence(trapping: .sigint, .sigterm)
        if let upstream = relay.upstream(format: configuration.format, sdkKey: sdkKey) {
            do {
                let relaying = try await DefinitionsRelay.start(upstream: upstream, configuration: configuration,
                                                                forwarding: relay.forwarding, readyTimeout: relay.readyTimeout,
                                                                logger: logger)
                return (relaying.server, relaying, signals)
            } catch let error as RelayError {
                throw CommandFailure("\(error)")
            } catch {
                throw CommandFailure("cannot listen on \(host):\(port): \(error)")
            }
        }
        let server: DefinitionsServer
        do {
            server = try DefinitionsServer(configuration: configuration, definitions: .file(definitions ?? ""), logger: logger)
        } catch {
            throw CommandFailure("\(error)")
        }
        do {
            return (try await server.start(), nil, signals)
        } catch {
            throw CommandFailure("cannot listen on \(host):\(port): \(error)")
        }
    }
}
