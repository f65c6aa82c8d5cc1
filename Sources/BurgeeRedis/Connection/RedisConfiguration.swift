/// Where a Redis server is and how to talk to it.
///
/// ```swift
/// let configuration = try RedisConfiguration(url: "redis://:secret@127.0.0.1:6379/2")
/// ```
public struct RedisConfiguration: Sendable, Hashable {
    /// The server's host name or address.
    public var host: String
    /// Its port.
    public var port: Int
    /// The user for `AUTH` (Redis 6's ACLs); `nil` for the default user.
    public var username: String?
    /// The password for `AUTH`; `nil` to send none.
    public var password: String?
    /// The database `SELECT`ed after connecting (0, Redis's default, sends nothing).
    public var database: Int
    /// How long connecting (and authenticating) may take.
    public var connectTimeout: Duration
    /// How long a command may wait for its reply; past it the connection is closed, since the
    /// replies after it could no longer be matched to their commands.
    public var commandTimeout: Duration
    /// The bounds of the replies read.
    public var limits: RESPLimits

    /// A configuration; the defaults connect to a local Redis's database 0 within 5 seconds, and
    /// wait 5 seconds for a reply.
    public init(host: String = "127.0.0.1", port: Int = 6379, username: String? = nil, password: String? = nil,
                database: Int = 0, connectTimeout: Duration = .seconds(5), commandTimeout: Duration = .seconds(5),
                limits: RESPLimits = RESPLimits()) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.limits = limits
    }

    /// A configuration from a `redis://[[user]:password@]host[:port][/database]` URL.
    /// - Throws: ``RedisError/invalidURL(_:)`` for another scheme, a bad port or database.
    public init(url: String) throws(RedisError) {
        self.init()
        guard url.hasPrefix("redis://") else { throw .invalidURL("\(url): the scheme must be redis://") }
        var rest = Substring(url.dropFirst("redis://".count))
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                let user = credentials[..<colon]
                username = user.isEmpty ? nil : try Self.percentDecoded(user, in: url)
                password = try Self.percentDecoded(credentials[credentials.index(after: colon)...], in: url)
            } else {
                password = try Self.percentDecoded(credentials, in: url)
            }
        }
        if let slash = rest.firstIndex(of: "/") {
            let path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
            if !path.isEmpty {
                guard let number = Int(path), number >= 0 else { throw .invalidURL("\(url): the database must be a number") }
                database = number
            }
        }
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number) else {
                throw .invalidURL("\(url): the port must be 1 to 65535")
            }
            port = number
            rest = rest[..<colon]
        }
        let name = rest.hasPrefix("[") && rest.hasSuffix("]") ? rest.dropFirst().dropLast() : rest
        guard !name.isEmpty else { throw .invalidURL("\(url): no host") }
        host = String(name)
    }

    /// `text` with its `%XX` escapes decoded (a password may hold `@`, `:` or `/` so written).
    private static func percentDecoded(_ text: Substring, in url: String) throws(RedisError) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else {
                throw .invalidURL("\(url): a % not followed by two hexadecimal digits")
            }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
