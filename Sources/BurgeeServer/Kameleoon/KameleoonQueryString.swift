/// A URL query string read into its parameters, as Kameleoon's tracking lines are written:
/// `name=value` pairs joined by `&`, percent-encoded, `+` standing for a space (form encoding;
/// Kameleoon's SDKs percent-encode a `+` of their own, so nothing is lost).
enum KameleoonQueryString {
    /// Why a query string could not be read.
    struct Failure: Error, Equatable {
        /// What is wrong, naming the parameter.
        let message: String
    }

    /// The parameters of `query` by name, decoded; a name without `=` has the empty value, and a
    /// repeated name keeps its last value. Throws for a `%` not followed by two hex digits or
    /// bytes that are not UTF-8.
    static func parameters(_ query: Substring) throws(Failure) -> [String: String] {
        var parameters: [String: String] = [:]
        for (rawName, rawValue) in pairs(query) {
            guard let name = decode(rawName) else { throw Failure(message: "the name '\(rawName)' is not percent-encoded UTF-8") }
            guard let value = decode(rawValue) else { throw Failure(message: "the value of '\(name)' is not percent-encoded UTF-8") }
            parameters[name] = value
        }
        return parameters
    }

    /// The parameters of `query` by name, as ``parameters(_:)`` reads them, except that a name or
    /// value that cannot be decoded is kept as written.
    static func lenientParameters(_ query: Substring) -> [String: String] {
        var parameters: [String: String] = [:]
        for (rawName, rawValue) in pairs(query) {
            parameters[decode(rawName) ?? String(rawName)] = decode(rawValue) ?? String(rawValue)
        }
        return parameters
    }

    /// The `name=value` pairs of `query`, still encoded. Split by scalar, not by `Character`: a
    /// separator followed by a combining mark is one `Character` with it.
    private static func pairs(_ query: Substring) -> [(name: Substring, value: Substring)] {
        query.unicodeScalars.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Substring(parts[0]), parts.count > 1 ? Substring(parts[1]) : "")
        }
    }

    private static func decode(_ text: Substring) -> String? {
        // `+` first: an encoded plus (`%2B`) is decoded after, and stays a plus.
        PercentDecoding.decode(Substring(text.replacing("+", with: " ")))
    }
}
