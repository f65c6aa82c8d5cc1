import Burgee
import BurgeeCore
import Logging

/// `burgee eval --requests R --events URL`: the requests through the format's vendor calls on a
/// client whose events go to URL, one result line per request, then the events flushed before
/// the command ends.
struct EventsEvalRun {
    let evaluator: any EventsEvaluator.Type
    let definitions: [UInt8]
    let requests: [UInt8]
    let eventsURL: String
    let options: EventsEvalOptions
    /// The options the definitions are compiled with: `--now`, a format's own settings.
    let compileOptions: CompileOptions

    /// Runs the lines; throws ``CommandFailure`` when a line was invalid or events were lost.
    func run(out: inout StandardOutput) async throws {
        var configuration = evaluator.configuration(definitions: .json(definitions, format: evaluator.format),
                                                    eventsURL: eventsURL, options: options)
        configuration.compileOptions = compileOptions
        let client: BurgeeClient
        do {
            client = try BurgeeClient(configuration: configuration)
        } catch {
            throw CommandFailure("the events destination cannot be used: \(error)")
        }
        let running = Task { try await client.run() }
        guard await client.waitUntilReady(timeout: .seconds(30)) else {
            running.cancel()
            throw CommandFailure("the definitions did not load: \(client.dataSourceStatus)")
        }
        var invalidLines = 0
        RequestLines.forEach(in: requests) { lineNumber, line in
            let json = try? JSONValue(parsing: line)
            if let track = json?.objectValue?["track"] {
                var writer = JSONWriter()
                writer.beginObject()
                writer.key("track")
                writer.bool(evaluator.track(track, on: client))
                writer.endObject()
                out.writeLine(writer.output)
                return
            }
            switch BatchRequest.parse(line, readContext: { _ in Context(key: "unused") }) {
            case .success(let request):
                let context = json?.objectValue?["context"] ?? .null
                var writer = JSONWriter()
                writer.beginObject()
                writer.key("flag")
                writer.string(request.flag)
                let detail = json?.objectValue?["detail"]?.boolValue ?? false
                for (name, value) in evaluator.evaluate(flag: request.flag, context: context, type: request.type,
                                                        default: request.default, detail: detail, on: client) {
                    writer.key(name)
                    writer.value(value)
                }
                writer.endObject()
                out.writeLine(writer.output)
            case .failure(let problem):
                invalidLines += 1
                out.writeLine(ResultLine.write(flag: problem.flag, detail: .error(.exception, default: .null),
                                               error: "line \(lineNumber): \(problem.message)"))
            }
        }
        out.flush()
        await evaluator.flush(client)
        let diagnostics = client.eventDiagnostics
        await client.close()
        running.cancel()
        if invalidLines > 0 {
            throw CommandFailure("\(invalidLines) request line(s) were invalid")
        }
        let lost = diagnostics.droppedDelivery + diagnostics.droppedQueueFull
        if lost > 0 {
            throw CommandFailure("\(lost) event(s) were not delivered to \(eventsURL)"
                + (diagnostics.lastDeliveryError.map { ": \($0)" } ?? ""))
        }
    }
}
