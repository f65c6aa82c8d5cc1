/// The body of a Kameleoon tracking post read into its events: UTF-8 text, one event per line
/// (`\n`-separated, a trailing `\r` dropped, empty lines skipped), each line a URL query string
/// that names its `eventType` and its visitor (`visitorCode`, or `mappingValue`).
enum KameleoonTrackingLines {
    /// The events of `bytes`, in order; throws, naming the line, for a body that is not UTF-8, a
    /// line that is not a query string or names no event type or visitor, or a body without events.
    static func events(in bytes: [UInt8]) throws(EventBodyDecoding.Failure) -> [[String: String]] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalidBatch("the body is not UTF-8 text")
        }
        var events: [[String: String]] = []
        // Split by scalar: as Characters, "\r\n" is one, which a split on "\n" would not see.
        for (index, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = Substring(scalars.last == "\r" ? scalars.dropLast() : scalars)
            guard !line.isEmpty else { continue }
            let event: [String: String]
            do {
                event = try KameleoonQueryString.parameters(line)
            } catch {
                throw .invalidBatch("line \(index + 1): \(error.message)")
            }
            guard let type = event["eventType"], !type.isEmpty else {
                throw .invalidBatch("line \(index + 1) has no eventType: each line is one event, a query string such as "
                    + "nonce=…&eventType=experiment&id=…&variationId=…&visitorCode=…")
            }
            guard KameleoonTrackingPost.visitor(of: event) != nil else {
                throw .invalidBatch("line \(index + 1) names no visitor: visitorCode (or mappingValue) is missing")
            }
            events.append(event)
        }
        guard !events.isEmpty else { throw .invalidBatch("the body holds no event: one line per event") }
        return events
    }
}
