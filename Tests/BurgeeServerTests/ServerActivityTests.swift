import AsyncHTTPClient
import BurgeeServer
import Testing

/// The running totals behind `burgee serve`'s summary line.
@Suite("Server activity")
struct ServerActivityTests {
    @Test func theSummaryNamesOnlyWhatArrived() {
        #expect(ServerActivity(requests: 1).summary == "1 request")
        var busy = ServerActivity(requests: 9, eventBatches: 2, launchDarklyBulk: 1, launchDarklyDiagnostic: 1,
                                  launchDarklyEventKinds: ["summary": 1, "custom": 3, "diagnostic-init": 1])
        (busy.unleashRegistrations, busy.unleashMetrics, busy.unleashYes, busy.unleashNo) = (1, 2, 7, 2)
        #expect(busy.summary == "9 requests; 2 event batches; LaunchDarkly: 1 bulk post, 1 diagnostic post "
            + "(events: custom 3, diagnostic-init 1, summary 1); Unleash: 1 registration, 2 metrics buckets (yes 7, no 2)")
    }

    @Test func sinceSubtractsAnEarlierReading() {
        let earlier = ServerActivity(requests: 3, launchDarklyBulk: 1, launchDarklyEventKinds: ["custom": 2, "index": 1])
        let later = ServerActivity(requests: 5, launchDarklyBulk: 2, launchDarklyEventKinds: ["custom": 4, "index": 1])
        #expect(later.since(earlier) == ServerActivity(requests: 2, launchDarklyBulk: 1, launchDarklyEventKinds: ["custom": 2]))
        #expect(later.since(later).isEmpty)
    }

    @Test func theServerCountsWhatArrives() async throws {
        try await TestServer.with(.json(Documents.bytes(LaunchDarklyModeTests.initial)), configure: { $0.format = .launchDarkly }) {
            server, running, client in
            let before = server.activity
            let accepted = try await HTTP.fetch(client, running.baseURL + "/bulk", method: "POST",
                                                body: Documents.bytes(#"[{"kind":"custom","key":"k"},{"kind":"index"}]"#))
            let refused = try await HTTP.fetch(client, running.baseURL + "/bulk", method: "POST", body: Documents.bytes("["))
            let diagnostic = try await HTTP.fetch(client, running.baseURL + "/diagnostic", method: "POST",
                                                  body: Documents.bytes(#"{"kind":"diagnostic"}"#))
            #expect([accepted.status, refused.status, diagnostic.status] == [202, 400, 202])
            let interval = server.activity.since(before)
            #expect(interval == ServerActivity(requests: 3, launchDarklyBulk: 1, launchDarklyDiagnostic: 1,
                                               launchDarklyEventKinds: ["custom": 1, "index": 1, "diagnostic": 1]))
        }
    }
}
