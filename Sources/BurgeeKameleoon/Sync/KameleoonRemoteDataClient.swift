import Burgee
import BurgeeCore
import Logging

/// Kameleoon's Data API for visitor data (`GET {data}/visit/visitor?…`) and remote data
/// (`GET {data}/map/map?…`), with the client's access token.
final class KameleoonRemoteDataClient: Sendable {
    let connection: KameleoonConnection
    let token: KameleoonAccessToken
    let logger: Logger

    init(connection: KameleoonConnection, token: KameleoonAccessToken, logger: Logger) {
        self.connection = connection
        self.token = token
        self.logger = logger
    }

    /// The remote data stored under `key` (`GET {data}/map/map?siteCode=…&key=…`), as Kameleoon's
    /// SDKs read it: the answer's JSON whatever its status; `nil` when the answer is empty or not
    /// JSON, or the request failed (logged). A refused token is discarded and the request made
    /// once more without one, as theirs do.
    func remoteData(_ key: String) async -> JSONValue? {
        let url: ServiceURL
        do {
            url = try ServiceURL(connection.dataBase + "/map/map?siteCode=\(KameleoonQuery.encode(connection.siteCode))"
                                    + "&key=\(KameleoonQuery.encode(key))", allowInsecureHTTP: connection.http.allowInsecureHTTP)
        } catch {
            logger.warning("Kameleoon's remote data URL is invalid", metadata: ["error": "\(error)"])
            return nil
        }
        let transport = DefinitionsTransport(options: connection.http, sdkKey: nil, readTimeout: connection.http.requestTimeout)
        defer { Task { await transport.shutdown() } }
        var authorization = await token.authorization()
        while true {
            let headers = authorization.map { [("Authorization", $0.value)] } ?? []
            switch await transport.request("GET", url, headers: headers) {
            case .success(let answer):
                if answer.status == 401, let refused = authorization {
                    logger.warning("Kameleoon's Data API refused the access token; asking again without it", metadata: ["url": "\(url)"])
                    await token.discard(refused)
                    authorization = nil
                    continue
                }
                guard !answer.body.isEmpty, let json = try? JSONValue(parsing: answer.body) else { return nil }
                return json
            case .failure(let failure):
                logger.warning("Kameleoon's remote data could not be read", metadata: ["url": "\(url)", "error": "\(failure.error.message)"])
                return nil
            }
        }
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
