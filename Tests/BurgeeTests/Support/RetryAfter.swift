import Burgee
import BurgeeServer
import Testing

/// Answers the first request to `endpoint` with `status` and `Retry-After: 1`, readies a client
/// made by `makeClient`, and checks from the request log that the retry waited about a second
/// (the test backoff alone would retry within 50 ms).
func expectRetryAfterHonoured(status: Int, on endpoint: DefinitionsServer.Endpoint, path: String,
                              _ makeClient: (RunningDefinitionsServer) -> BurgeeClient.Configuration) async throws {
    try await LoopbackServer.withServer { running in
        running.server.inject(.status(status, headers: ["Retry-After": "1"]), on: endpoint)
        try await TestFiles.withClient(makeClient(running)) { client in
            client.start()
            let ready = await client.waitUntilReady(timeout: .seconds(30))
            #expect(ready)
            let requests = running.requests(to: path)
            #expect(requests.first?.status == status)
            guard requests.count >= 2 else { Issue.record("no retry"); return }
            let gap = requests[1].time - requests[0].time
            #expect(gap >= .milliseconds(990), "\(gap)")
        }
    }
}
