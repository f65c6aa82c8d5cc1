import Burgee
import BurgeeCore
import Logging

/// Kameleoon's Data API for visitor data (`GET {data}/visit/visitor?…`), with the access token.
final class KameleoonRemoteDataClient: Sendable {
    let connection: KameleoonConnection
    let token: KameleoonAccessToken
    let logger: Logger

    init(connection: KameleoonConnection, logger: Logger, clock: ClientClock) {
        self.connection = connection
        self.token = KameleoonAccessToken(connection: connection, logger: logger, clock: clock)
        self.logger = logger
    }

    /// The Data API's answer for the visitor `code`, as JSON.
    func visitorData(_ code: String, filter: KameleoonRemoteVisitorDataFilter) async throws(KameleoonError) -> JSONValue {
        let url: ServiceURL
        do { url = try connection.visitorDataURL(code, filter: filter) } catch { throw .remoteData("\(error)") }
        var headers: [(String, String)] = []
        if let authorization = await token.authorization() { headers.append(("Authorization", authorization.value)) }
        // A client per request, closed after it: the view has no lifecycle of its own to close one.
        let transport = DefinitionsTransport(options: connection.http, sdkKey: nil, readTimeout: connection.http.requestTimeout)
        let outcome = await transport.request("GET", url, headers: headers)
        await transport.shutdown()
        switch outcome {
        case .success(let answer) where answer.status == 200:
            guard let json = try? JSONValue(parsing: answer.body) else { throw .remoteData("GET \(url): the answer is not JSON") }
            return json
        case .success(let answer):
            throw .remoteData("GET \(url) answered \(answer.status)")
        case .failure(let failure):
            throw .remoteData(failure.error.message)
        }
    }
}
