import Burgee
import BurgeeCore
import Logging

/// The OAuth access token Kameleoon's Data API wants (`POST {api}/oauth/token` with the client
/// credentials as Basic authentication and `grant_type=client_credentials`), fetched on first
/// use and again a minute before it expires (on the client's clock). Without client credentials
/// there is none, and requests go without `Authorization`.
actor KameleoonAccessToken {
    private let connection: KameleoonConnection
    private let logger: Logger
    private let clock: ClientClock
    /// The token, and when to renew it: a reading of `clock`.
    private var token: (value: SDKKey, renewAt: Duration)?

    init(connection: KameleoonConnection, logger: Logger, clock: ClientClock) {
        self.connection = connection
        self.logger = logger
        self.clock = clock
    }

    /// Whether this token is the one for `connection`'s client credentials: a client's tracking and
    /// its Data API calls then share it, as Kameleoon's SDKs share one token per client.
    nonisolated func serves(_ connection: KameleoonConnection) -> Bool {
        self.connection.clientID == connection.clientID && self.connection.clientSecret == connection.clientSecret
            && self.connection.apiBase == connection.apiBase
    }

    /// Forgets `token` when it is the one held (the Data API refused it), so that the next request
    /// fetches another, as Kameleoon's SDKs discard a refused token.
    func discard(_ refused: SDKKey) {
        if token?.value.value == refused.value { token = nil }
    }

    /// `Bearer <token>`, or `nil` without credentials or when no token could be had.
    func authorization() async -> SDKKey? {
        guard let id = connection.clientID, let secret = connection.clientSecret else { return nil }
        if let token, clock.now < token.renewAt { return token.value }
        guard let url = try? connection.tokenURL() else { return nil }
        let basic = "Basic " + Base64.encode(Array("\(id):\(secret)".utf8))
        let body = Array("grant_type=client_credentials".utf8)
        // A client per request: tokens are fetched about once an hour.
        let transport = DefinitionsTransport(options: connection.http, sdkKey: nil, readTimeout: connection.http.requestTimeout)
        defer { Task { await transport.shutdown() } }
        switch await transport.request("POST", url, headers: [("Authorization", basic),
                                                               ("Content-Type", "application/x-www-form-urlencoded")],
                                       body: body) {
        case .success(let answer) where answer.status == 200:
            guard let json = try? JSONValue(parsing: answer.body), let value = json.objectValue?["access_token"]?.stringValue,
                  let bearer = SDKKey("Bearer " + value) else {
                logger.error("Kameleoon's token endpoint answered without an access token", metadata: ["url": "\(url)"])
                return nil
            }
            let lifetime = json.objectValue?["expires_in"]?.numberValue ?? 3600
            token = (bearer, clock.now + .seconds(max(0, lifetime - 60)))
            return bearer
        case .success(let answer):
            logger.error("Kameleoon refused the client credentials", metadata: ["url": "\(url)", "status": "\(answer.status)"])
            return nil
        case .failure(let failure):
            logger.warning("Kameleoon's token endpoint could not be reached",
                           metadata: ["url": "\(url)", "error": "\(failure.error.message)"])
            return nil
        }
    }
}

/// Standard base64 with padding, for Basic authentication.
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let word = b0 << 16 | b1 << 8 | b2
            for k in 0..<4 {
                out.append(k <= n ? alphabet[Int(word >> (18 - 6 * UInt32(k)) & 63)] : "=")
            }
            i += 3
        }
        return String(out)
    }
}
