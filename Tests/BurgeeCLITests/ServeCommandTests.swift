import AsyncHTTPClient
import Foundation
import Testing

/// `burgee serve` as a subprocess: started on a free port, asked over HTTP, stopped by a signal.
final class ServeProcess {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// What the command printed to standard error, once it exited.
    private(set) var stderr = ""

    init(_ arguments: [String]) throws {
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve"] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// The first line the command prints once it listens, and the URL it ends with (the URL a
    /// client of the served format takes); `nil` if it exits first or prints nothing within the deadline.
    func waitUntilServing(within seconds: Double = 30) async -> (line: String, baseURL: String)? {
        let handle = output.fileHandleForReading
        // The bound of the wait: the process is ended if it prints nothing in time.
        let deadline = Task.detached { [process] in
            try await Task.sleep(for: .seconds(seconds))
            if process.isRunning { process.terminate() }
        }
        // Blocking reads, on a thread of their own (see CLIRunner.offThePool).
        let text = (try? await CLIRunner.offThePool { () -> String in
            var text = ""
            while !text.contains("\n") {
                let data = handle.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }) ?? ""
        deadline.cancel()
        guard let line = text.split(separator: "\n").first.map(String.init),
              let range = line.range(of: " at http://") else { return nil }
        return (line, "http://" + line[range.upperBound...])
    }

    /// Standard output read until `done` holds for all of it; what was read, whether or not
    /// `done` held within the deadline (after which the process is ended).
    func readOutput(within seconds: Double = 30, until done: @escaping @Sendable (String) -> Bool) async -> String {
        let handle = output.fileHandleForReading
        let reading = Task.detached { () -> String in
            var text = ""
            while !done(text) {
                let data = handle.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            return text
        }
        // The bound of the wait: the process is ended if `done` does not hold in time.
        let deadline = Task.detached { [process] in
            try await Task.sleep(for: .seconds(seconds))
            if process.isRunning { process.terminate() }
        }
        let text = await reading.value
        deadline.cancel()
        return text
    }

    /// Sends `signal` and waits (bounded) for the exit status.
    func stop(with signal: Int32 = SIGINT, within seconds: Double = 30) async -> Int32? {
        kill(process.processIdentifier, signal)
        let deadline = ContinuousClock.now + .seconds(seconds)
        // A bounded wait for the exit: a subprocess has no clock of the test's to advance.
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        stderr = String(decoding: (try? errors.fileHandleForReading.readAll()) ?? Data(), as: UTF8.self)
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

@Suite("burgee serve")
struct ServeCommandTests {
    static let definitions = #"""
    {"formatVersion":1,"version":12,"flags":{"feature":{"version":3,"enabled":true,"type":"boolean",
      "variations":[{"key":"off","value":false},{"key":"on","value":true}],"fallthrough":{"variation":"on"}}}}
    """#

    static func get(_ url: String, headers: [(String, String)] = []) async throws -> (status: UInt, etag: String?, body: String) {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        return try await HTTPClient.withHTTPClient { client in
            let response = try await client.execute(request, timeout: .seconds(10))
            let body = try await response.body.collect(upTo: 1 << 20)
            return (response.status.code, response.headers.first(name: "ETag"), String(buffer: body))
        }
    }

    @Test("serves the file on a free port, follows its changes, and exits 0 on SIGINT")
    func serves() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", Self.definitions)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--heartbeat", "0.5"])
        let serving = try #require(await serve.waitUntilServing())
        #expect(serving.line.hasPrefix("Serving native Burgee definitions from \(path) at http://127.0.0.1:"))
        let port = try #require(Int(serving.baseURL.split(separator: ":").last ?? ""))
        #expect(port > 0)

        let first = try await Self.get(serving.baseURL + "/definitions")
        #expect(first.status == 200)
        #expect(first.etag?.hasPrefix("\"12-") == true)
        #expect(first.body.contains(#""feature":{"#) && first.body.contains(#""version":3"#))
        let notModified = try await Self.get(serving.baseURL + "/definitions", headers: [("If-None-Match", first.etag ?? "")])
        #expect(notModified.status == 304)

        _ = try files.write("defs.json", Self.definitions.replacingOccurrences(of: #""variation":"on"}"#, with: #""variation":"off"}"#))
        var changed = false
        let deadline = ContinuousClock.now + .seconds(20)
        while !changed, ContinuousClock.now < deadline {
            let next = try await Self.get(serving.baseURL + "/definitions")
            changed = next.etag != first.etag && next.body.contains(#""fallthrough":{"variation":"off"}"#)
                && next.body.contains(#""version":4"#)
            // A bounded wait for the change, polled over HTTP: the subprocess watches on the system's clock.
            if !changed { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(changed)

        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("with --sdk-key every request needs the key; SIGTERM also ends it with 0")
    func sdkKey() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", Self.definitions)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--sdk-key", "secret-key"])
        let serving = try #require(await serve.waitUntilServing())
        #expect(try await Self.get(serving.baseURL + "/definitions").status == 401)
        #expect(try await Self.get(serving.baseURL + "/definitions", headers: [("Authorization", "secret-key")]).status == 200)
        #expect(await serve.stop(with: SIGTERM) == 0)
        #expect(!serve.stderr.contains("secret-key"))
    }

    static func post(_ url: String, _ body: String, headers: [(String, String)] = []) async throws -> (status: UInt, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(Array(body.utf8))
        return try await HTTPClient.withHTTPClient { client in
            let response = try await client.execute(request, timeout: .seconds(10))
            return (response.status.code, String(buffer: try await response.body.collect(upTo: 1 << 20)))
        }
    }

    @Test("GET /events lists the batches received, and with /events/stats needs the key")
    func receivedEvents() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", Self.definitions)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--sdk-key", "secret-key"])
        let serving = try #require(await serve.waitUntilServing())
        let key = [("Authorization", "secret-key")]
        #expect(try await Self.get(serving.baseURL + "/events", headers: key).body == "[]")
        let batches = [
            #"{"schemaVersion":1,"events":[{"kind":"custom","timestamp":1,"key":"first","context":{"user":"u-1"}}]}"#,
            #"{"schemaVersion":1,"events":[{"kind":"custom","timestamp":2,"key":"second","context":{"user":"u-2"}}]}"#,
        ]
        for batch in batches {
            #expect(try await Self.post(serving.baseURL + "/events", batch, headers: key).status == 202)
        }
        #expect(try await Self.get(serving.baseURL + "/events").status == 401)
        #expect(try await Self.get(serving.baseURL + "/events/stats").status == 401)
        let listed = try await Self.get(serving.baseURL + "/events", headers: key)
        #expect(listed.status == 200)
        let array = try JSONSerialization.jsonObject(with: Data(listed.body.utf8)) as? [[String: Any]]
        #expect(array?.count == 2)
        let keys = array?.compactMap { ($0["events"] as? [[String: Any]])?.first?["key"] as? String }
        #expect(keys == ["first", "second"])
        let stats = try await Self.get(serving.baseURL + "/events/stats", headers: key)
        #expect(stats.status == 200 && stats.body.contains(#""requests":2"#))
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test("answers OFREP by default; --no-ofrep turns it off", arguments: [true, false])
    func ofrep(on: Bool) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", Self.definitions)
        let serve = try ServeProcess(["--definitions", path, "--port", "0"] + (on ? [] : ["--no-ofrep"]))
        let serving = try #require(await serve.waitUntilServing())
        let answer = try await Self.post(serving.baseURL + "/ofrep/v1/evaluate/flags/feature", #"{"context":{"targetingKey":"u-1"}}"#)
        if on {
            #expect(answer.status == 200)
            #expect(answer.body == #"{"key":"feature","reason":"STATIC","value":true,"variant":"on"}"#)
        } else {
            #expect(answer.status == 404)
        }
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test("shows the flag explorer by default; --no-explorer turns it off", arguments: [true, false])
    func explorer(on: Bool) async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", Self.definitions)
        let serve = try ServeProcess(["--definitions", path, "--port", "0"] + (on ? [] : ["--no-explorer"]))
        let serving = try #require(await serve.waitUntilServing())
        let page = try await Self.get(serving.baseURL + "/explorer")
        let flags = try await Self.get(serving.baseURL + "/explorer/api/flags")
        if on {
            #expect(page.status == 200)
            #expect(page.body.contains("<h1>Burgee flag explorer</h1>"))
            #expect(flags.status == 200)
            #expect(flags.body.contains(#""key":"feature""#))
        } else {
            #expect(page.status == 404)
            #expect(flags.status == 404)
        }
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test("a file that cannot be read or is not a definitions document ends it with 1 and a message")
    func invalidFile() async throws {
        let files = try TemporaryFiles()
        let missing = files.directory.appendingPathComponent("missing.json").path
        let unreadable = try await CLIRunner.run(["serve", "--definitions", missing, "--port", "0"])
        #expect(unreadable.status == 1)
        #expect(unreadable.stderr.contains("burgee serve: cannot read '\(missing)'"))
        #expect(unreadable.stdout.isEmpty)

        let invalid = try files.write("bad.json", #"{"formatVersion":3}"#)
        let rejected = try await CLIRunner.run(["serve", "--definitions", invalid, "--port", "0"])
        #expect(rejected.status == 1)
        #expect(rejected.stderr.contains("burgee serve: unsupported formatVersion 3"))
    }

    @Test("prints one summary line per busy interval with the counts since the last one")
    func summary() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", Self.definitions)
        let serve = try ServeProcess(["--definitions", path, "--port", "0", "--summary-interval", "0.2"])
        let serving = try #require(await serve.waitUntilServing())
        let batch = #"{"schemaVersion":1,"events":[{"kind":"custom","key":"k"}]}"#
        for _ in 0..<2 {
            #expect(try await Self.post(serving.baseURL + "/events", batch).status == 202)
        }
        // The two posts may fall in one interval or two: the lines' counts add up either way.
        let counts: @Sendable (String) -> (requests: Int, batches: Int, lines: [Substring]) = { text in
            let lines = text.split(separator: "\n").filter { $0.hasPrefix("summary") }
            var requests = 0, batches = 0
            for line in lines {
                let parts = line.split(separator: ":", maxSplits: 1).last?.split(separator: ";") ?? []
                for part in parts {
                    let words = part.split(separator: " ")
                    guard words.count >= 2, let n = Int(words[0]) else { continue }
                    if words[1].hasPrefix("request") { requests += n }
                    if words[1] == "event" { batches += n }
                }
            }
            return (requests, batches, lines)
        }
        let text = await serve.readOutput { counts($0).batches >= 2 }
        let (requests, batches, lines) = counts(text)
        #expect(requests == 2 && batches == 2, "\(text)")
        #expect(lines.allSatisfy { $0.hasPrefix("summary (last 0.2 s): ") }, "\(text)")
        // One line when both posts fall in one interval; else one per interval in which a request
        // began or a body was stored (at most 4).
        #expect(lines.count == 1 ? lines[0] == "summary (last 0.2 s): 2 requests; 2 event batches" : lines.count <= 4, "\(text)")
        #expect(await serve.stop(with: SIGINT) == 0)
    }

    @Test("--summary-interval must not be negative")
    func summaryIntervalValidation() async throws {
        let result = try await CLIRunner.run(["serve", "--definitions", "x.json", "--summary-interval", "-1"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--summary-interval"))
    }
}
