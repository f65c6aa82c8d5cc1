import AsyncHTTPClient
import BurgeeCore
@testable import BurgeeServer
import Testing

/// The server's in-memory records keep the most recent entries; their totals stay exact.
@Suite("Retained records")
struct RetainedRecordsTests {
    @Test("a ring keeps the most recent entries in order and numbers every entry", arguments: [0, 1, 3, 4])
    func ring(capacity: Int) {
        var entries = RecentEntries<Int>(capacity: capacity)
        var numbers: [Int] = []
        for value in 0..<10 { numbers.append(entries.append(value)) }
        #expect(numbers == Array(0..<10))
        #expect(entries.total == 10)
        #expect(entries.dropped == 10 - capacity)
        #expect(entries.elements == Array((10 - capacity)..<10))
        // Updating a kept entry changes it; a dropped or unknown number changes nothing.
        for number in [0, 9 - capacity, 9, 10] { entries.update(number) { $0 = -$0 - 100 } }
        let expected = ((10 - capacity)..<10).map { $0 == 9 ? -109 : $0 }
        #expect(entries.elements == expected)
    }

    @Test("past the bound the oldest event bodies and requests are dropped; the stats count them all")
    func events() async throws {
        try await TestServer.with(configure: { $0.maxRetainedRecords = 3 }) { server, running, client in
            var bodies: [[UInt8]] = []
            for i in 0..<5 {
                let body = EventBodies.batch(key: "k\(i)")
                bodies.append(body)
                let answer = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST",
                                                  headers: [("Content-Type", "application/json")], body: body)
                #expect(answer.status == 202)
            }
            #expect(server.receivedEvents == Array(bodies.suffix(3)))
            #expect(server.eventStats == EventStats(requests: 5, bytes: bodies.reduce(0) { $0 + $1.count }))
            let stats = try await HTTP.fetch(client, running.baseURL + "/events/stats")
            #expect(try Documents.json(stats.body).objectValue?["requests"] == 5)
            // The stats request itself is the sixth; the log keeps the last three, completed.
            #expect(server.requestCount == 6)
            let log = server.requestLog
            #expect(log.count == 3)
            #expect(log.map(\.path) == ["/events", "/events", "/events/stats"])
            #expect(log.map(\.status) == [202, 202, 200])
            // GET /events lists the kept bodies as a JSON array, in arrival order.
            let listed = try await HTTP.fetch(client, running.baseURL + "/events")
            #expect(listed.status == 200)
            #expect(listed.header("content-type") == "application/json")
            #expect(try Documents.json(listed.body) == .array(try bodies.suffix(3).map { try Documents.json($0) }))
        }
    }

    @Test("past the bound the oldest Unleash reports are dropped; toggle counts sum them all")
    func unleash() async throws {
        let features = #"{"version":2,"features":[{"name":"f","enabled":true,"strategies":[{"name":"default"}]}]}"#
        try await TestServer.with(.json(Documents.bytes(features)), configure: { $0.format = .unleash; $0.maxRetainedRecords = 2 }) {
            server, running, client in
            for yes in 1...4 {
                let metrics = #"{"appName":"a","bucket":{"start":"x","stop":"y","toggles":{"f":{"yes":\#(yes),"no":1}}}}"#
                let sent = try await HTTP.fetch(client, running.baseURL + "/api/client/metrics", method: "POST",
                                                body: Documents.bytes(metrics))
                #expect(sent.status == 202)
                let registration = #"{"appName":"a","instanceId":"i\#(yes)","strategies":["default"]}"#
                let registered = try await HTTP.fetch(client, running.baseURL + "/api/client/register", method: "POST",
                                                      body: Documents.bytes(registration))
                #expect(registered.status == 202)
            }
            #expect(server.unleashMetrics.map { $0.objectValue?["bucket"]?.objectValue?["toggles"]?.objectValue?["f"]?.objectValue?["yes"] } == [3, 4])
            #expect(server.unleashRegistrations.map { $0.objectValue?["instanceId"] } == ["i3", "i4"])
            #expect(server.unleashToggleCounts == ["f": UnleashToggleCounts(yes: 10, no: 4, variants: [:])])
        }
    }
}
