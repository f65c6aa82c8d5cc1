import BurgeeCore
import Hummingbird

extension DefinitionsResponder {
    /// `GET /status`, in every mode: 200 with what the server serves, for health checks and for
    /// people: `{"status":"ok","format":…,"documentVersion":…,"etag":…,"openStreams":…,"requests":…,"uptimeSeconds":…}`.
    func serverStatusResponse() -> Response {
        let served = server.store.served
        let uptime = ContinuousClock.now - server.startTime
        let status: JSONValue = [
            "status": "ok",
            "format": .string(server.configuration.format.name),
            "documentVersion": .number(Double(served.documentVersion)),
            "etag": .string(served.etag),
            "evaluable": .bool(server.store.compiled.snapshot != nil),
            "openStreams": .number(Double(server.store.openStreams)),
            "requests": .number(Double(server.requests.total)),
            "uptimeSeconds": .number(Double(uptime.components.seconds)),
        ]
        return JSONResponses.json(.ok, status)
    }
}
