#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An `http`/`https` URL checked against the transport rules: plain `http` only to loopback
/// unless explicitly allowed.
package struct ServiceURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given.
    package let text: String

    package init(_ text: String, allowInsecureHTTP: Bool) throws(ConfigurationError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              let host = url.host(percentEncoded: false), !host.isEmpty else { throw .invalidURL(text) }
        switch scheme {
        case "https":
            break
        case "http":
            guard allowInsecureHTTP || Self.isLoopback(host) else { throw .insecureURL(text) }
        default:
            throw .invalidURL(text)
        }
        guard url.user == nil, url.password == nil else { throw .invalidURL(text) }
        self.text = text
    }

    /// The same URL with its last path segment replaced (`…/stream` → `…/definitions`), query kept.
    package func replacingLastPathSegment(with segment: String) -> String {
        guard var components = URLComponents(string: text) else { return text }
        let path = components.path
        components.path = (path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/") + segment
        return components.string ?? text
    }

    package var description: String { text }

    package static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased().filter { $0 != "[" && $0 != "]" }
        if h == "localhost" || h == "::1" || h == "0:0:0:0:0:0:0:1" { return true }
        let octets = h.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
