import ArgumentParser
import BurgeeCore

/// `burgee eval`: one evaluation, or a batch of JSON-lines requests.
struct EvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate a flag for a context, or a batch of requests.",
        discussion: """
            Batch mode reads one request per line, {"flag", "context", "type"?, "default"?}, and \
            writes one result per line in the same order: \
            {"flag", "value", "variation", "variationIndex", "reason"}. Blank lines are skipped. \
            A line that is not a valid request yields an ERROR/EXCEPTION result with an "error" \
            member, and the command exits 1 after all lines.

            \(FormatHelp.formatSentence("evaluated", undetectable: "ends the command with exit status 1 and a message"))

            \(FormatHelp.evaluation)

            With --store redis://… in place of --definitions, the definitions are read from a Redis \
            in the layout of the format's vendor (LaunchDarkly's persistent store, which its SDKs read \
            in daemon mode, with the big segments its Relay Proxy writes beside it; the Redis \
            Split's Synchronizer fills, which its SDKs read in consumer mode), or Burgee's own for \
            the others. Formats: \(StoreLayouts.names).

            With --events URL, each request goes through the call a user of the format's vendor \
            makes, and what those calls record is sent to URL in the vendor's own protocol, at \
            the paths `burgee serve` answers, before the command ends; a line {"track": {…}} \
            records a custom event in the vendor's words. The exit status is 1 when an event was \
            not delivered. Formats: \(EventsEvaluators.all.map { $0.format.name }.joined(separator: ", ")); \
            docs/events.md describes each.
            """
    )

    @Option(name: .long, help: ArgumentHelp(
        "The definitions file (JSON, see --format), or - for standard input"
            + (FormatHelp.merging.map { "; \($0) documents may be given more than once." } ?? ".")))
    var definitions: [String] = []

    @OptionGroup var formatOptions: FormatOptions

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "A JSON-lines file of requests, or - for standard input.")
    var requests: String?

    @OptionGroup var request: RequestOptions

    @OptionGroup var clock: ClockOptions

    /// The options only one format reads (Vendors/).
    @OptionGroup var vendorOptions: EvalVendorOptions

    @Flag(name: .long, help: "Print the single result as a JSON line.")
    var json = false

    @Option(name: .long, help: "With --requests: evaluate through the vendor's calls and send their events to this URL.")
    var events: String?

    func validate() throws {
        if requests != nil, request.flag != nil || request.context != nil {
            throw ValidationError("give either --requests or --flag/--context, not both")
        }
        try vendorOptions.check()
        if try storeOptions.layout(for: formatOptions.definitionsFormat) != nil {
            guard definitions.isEmpty else { throw ValidationError("give either --definitions or --store, not both") }
        } else if definitions.isEmpty {
            throw ValidationError("--definitions (or --store) is required")
        }
        if requests == "-" && definitions.contains("-") {
            throw ValidationError("only one of --definitions and --requests can read standard input")
        }
        if events != nil {
            guard requests != nil else { throw ValidationError("--events needs --requests") }
            guard definitions.count == 1 || storeOptions.store != nil else {
                throw ValidationError("--events takes one --definitions file")
            }
            let names = EventsEvaluators.all.map { $0.format.name }.joined(separator: ", ")
            guard let format = formatOptions.definitionsFormat, EventsEvaluators.of(format) != nil else {
                throw ValidationError("--events needs --format, one of: \(names)")
            }
        }
    }

    func run() async throws {
        do {
            let stored = try await storedDefinitions()
            if let events, let requests, let format = formatOptions.definitionsFormat,
               let evaluator = EventsEvaluators.of(format) {
                var eventsOptions = EventsEvalOptions()
                vendorOptions.apply(to: &eventsOptions)
                var compileOptions = CompileOptions(now: try clock.instant())
                vendorOptions.apply(to: &compileOptions)
                var out = StandardOutput()
                try await EventsEvalRun(evaluator: evaluator, definitions: try stored ?? DefinitionsLoader.read(definitions[0]),
                                        requests: try DefinitionsLoader.read(requests), eventsURL: events,
                                        options: eventsOptions, compileOptions: compileOptions).run(out: &out)
                return
            }
            var options = CompileOptions(now: try clock.instant())
            vendorOptions.apply(to: &options)
            if stored != nil, let (layout, _) = try storeOptions.layout(for: formatOptions.definitionsFormat) {
                await storeOptions.prepare(layout, &options)
            }
            let loaded = if let stored {
                try DefinitionsLoader.load(bytes: stored, named: storeOptions.store!, format: formatOptions.definitionsFormat,
                                           options: options)
            } else {
                try DefinitionsLoader.load(paths: definitions, format: formatOptions.definitionsFormat, options: options)
            }
            if let requests {
                try runBatch(loaded, requests)
            } else {
                try runSingle(loaded)
            }
        } catch let failure as CommandFailure {
            StandardOutput.error("burgee eval: \(failure)")
            throw failure.exitCode
        }
    }

    /// With --store, the definitions the store holds; `nil` without.
    private func storedDefinitions() async throws -> [UInt8]? {
        guard let (layout, format) = try storeOptions.layout(for: formatOptions.definitionsFormat) else { return nil }
        return try await storeOptions.read(layout, format: format)
    }

    private func runSingle(_ loaded: LoadedDefinitions) throws {
        let r = try request.request(readContext: loaded.context)
        let detail = loaded.evaluate(r.flag, context: r.context, default: r.default, as: r.type)
        let vendor = loaded.vendorResult(request: r.flag, detail, context: r.context, as: r.type)
        var out = StandardOutput()
        if json {
            out.writeLine(ResultLine.write(flag: r.flag, detail: detail, vendor: vendor))
        } else {
            out.writeLine("value:     \(detail.value.serialized())")
            out.writeLine("variation: \(detail.variationKey.map { "\($0) (index \(detail.variationIndex!))" } ?? "none (default served)")")
            out.writeLine("reason:    \(detail.reason.jsonText)")
            if let why = r.context.invalidReason { out.writeLine("context:   invalid: \(why)") }
            for line in vendor?.textLines ?? [] { out.writeLine(line) }
        }
        out.flush()
    }

    private func runBatch(_ loaded: LoadedDefinitions, _ path: String) throws {
        let bytes = try DefinitionsLoader.read(path)
        var out = StandardOutput()
        var invalidLines = 0
        RequestLines.forEach(in: bytes) { lineNumber, line in
            switch BatchRequest.parse(line, readContext: loaded.context) {
            case .success(let r):
                let detail = loaded.evaluate(r.flag, context: r.context, default: r.default, as: r.type)
                out.writeLine(ResultLine.write(flag: r.flag, detail: detail, vendor: loaded.vendorResult(request: r.flag, detail, context: r.context, as: r.type)))
            case .failure(let problem):
                invalidLines += 1
                out.writeLine(ResultLine.write(flag: problem.flag, detail: .error(.exception, default: .null),
                                               error: "line \(lineNumber): \(problem.message)"))
            }
        }
        out.flush()
        if invalidLines > 0 {
            StandardOutput.error("burgee eval: \(invalidLines) request line(s) were invalid")
            throw ExitCode.failure
        }
    }
}

/// One line of a `--requests` file.
struct BatchRequest {
    struct Problem: Error {
        var flag: String?
        var message: String
    }

    var flag: String
    var context: Context
    var `default`: JSONValue
    var type: ValueType?

    static func parse(_ line: [UInt8], readContext: (JSONValue) -> Context = { Context(json: $0) }) -> Result<BatchRequest, Problem> {
        let json: JSONValue
        do { json = try JSONValue(parsing: line) } catch {
            return .failure(Problem(message: "not JSON: \(error)"))
        }
        guard case .object(let o) = json else {
            return .failure(Problem(message: "a request is an object, not \(json.typeName)"))
        }
        guard case .string(let flag)? = o["flag"] else {
            return .failure(Problem(message: "'flag' must be a string"))
        }
        guard let context = o["context"] else {
            return .failure(Problem(flag: flag, message: "'context' is missing"))
        }
        var type: ValueType?
        switch o["type"] {
        case nil, .null?: break
        case .string(let name)?:
            guard let t = ValueType(requestName: name) else {
                return .failure(Problem(flag: flag, message: "unknown type '\(name)'"))
            }
            type = t
        case let other?:
            return .failure(Problem(flag: flag, message: "'type' must be a string, not \(other.typeName)"))
        }
        return .success(BatchRequest(flag: flag, context: readContext(context), default: o["default"] ?? .null, type: type))
    }
}
