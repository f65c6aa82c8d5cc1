import BurgeeCore

/// Whether request bodies go gzipped, negotiated as RFC 7694 describes: bodies start uncompressed;
/// once any response lists `gzip` in `Accept-Encoding`, later bodies are gzipped; once a gzipped
/// body is refused with 415, bodies stay uncompressed for good.
final class ContentCodingNegotiation: Sendable {
    enum State: Sendable, Hashable {
        /// Nothing learnt yet: uncompressed.
        case identity
        /// The service advertised gzip.
        case gzip
        /// The service refused a gzipped body; never again.
        case refused
    }

    private let state = Locked(State.identity)

    /// The current state.
    var current: State { state.withLock { $0 } }

    /// Whether the next body goes gzipped.
    var usesGzip: Bool { current == .gzip }

    /// Learns from a response's `Accept-Encoding` values (already split at commas).
    /// - Returns: whether this response switched bodies to gzip.
    @discardableResult
    func observe(acceptEncoding values: [Substring]) -> Bool {
        guard Self.acceptsGzip(values) else { return false }
        return state.withLock { s in
            guard s == .identity else { return false }
            s = .gzip
            return true
        }
    }

    /// A gzipped body was refused with 415.
    func refuseGzip() {
        state.withLock { $0 = .refused }
    }

    /// Whether the list names `gzip` (or its alias `x-gzip`) with a weight above zero.
    static func acceptsGzip(_ values: [Substring]) -> Bool {
        values.contains { element in
            let parts = element.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" else { return false }
            // `gzip;q=0` means "not gzip" (RFC 9110 §12.4.2).
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                return (Double(parameter.dropFirst(2)) ?? 0) > 0
            }
            return true
        }
    }
}

extension StringProtocol {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return Substring()
        }
        return Substring(self[start...end])
    }
}
