import Burgee
import BurgeeCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who a client is to an Unleash server: instance and connection ids, headers, platform.
enum UnleashIdentity {
    /// The version of Unleash's client specification this client implements.
    static let specVersion = "6.1.0"

    /// A random UUID in lower case.
    static func randomUUID() -> String { UUID().uuidString.lowercased() }

    /// `<host name>-<8 random hex digits>`, or `burgee-<…>` when the host name is unknown.
    static func defaultInstanceId() -> String {
        "\(hostName() ?? "burgee")-\(randomUUID().prefix(8))"
    }

    /// The machine's host name.
    static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// `burgee-swift:<version>`, Unleash's `unleash-sdk` header and `sdkVersion` field.
    static let sdkName = "burgee-swift:\(SDKVersion.version)"

    /// The headers every request to the client API carries; `interval` is the request's own period.
    static func headers(_ connection: UnleashConnection, interval: Duration?) -> [String: String] {
        var headers = connection.http.headers
        headers["unleash-appname"] = connection.appName
        headers["unleash-instanceid"] = connection.instanceId
        headers["unleash-connection-id"] = connection.connectionId
        headers["unleash-sdk"] = sdkName
        headers["Unleash-Client-Spec"] = specVersion
        if let interval { headers["unleash-interval"] = String(milliseconds(interval)) }
        return headers
    }

    /// The fields that registration and metrics bodies share.
    static func bodyFields(_ connection: UnleashConnection) -> [String: JSONValue] {
        [
            "appName": .string(connection.appName),
            "instanceId": .string(connection.instanceId),
            "connectionId": .string(connection.connectionId),
            "sdkVersion": .string(sdkName),
            "platformName": "swift",
            "platformVersion": .string(platformVersion),
            "specVersion": .string(specVersion),
        ]
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// An RFC 3339 UTC time with milliseconds (`2026-11-24T01:02:03.456Z`), as Unleash writes them.
    static func timestamp(millisecondsSinceEpoch ms: Int64) -> String { Timestamp.rfc3339(millisecondsSinceEpoch: ms) }

    private static var platformVersion: String {
        #if swift(>=6.3)
        "6.3"
        #else
        "6"
        #endif
    }
}
