/// One problem found in a definitions document, with where it is.
public struct DefinitionProblem: Sendable, Hashable, CustomStringConvertible {
    /// How serious a problem is.
    package enum Severity: String, Sendable, Hashable {
        /// The flag or segment is malformed: a flag evaluates to `ERROR/MALFORMED_FLAG`.
        case error
        /// Loads and evaluates, but probably not as meant (an invalid regular expression never matches).
        case warning
    }

    /// What a problem is about.
    package enum Subject: Sendable, Hashable {
        /// The whole document.
        case document
        /// The flag with this key.
        case flag(String)
        /// The segment with this key.
        case segment(String)
    }

    /// How serious the problem is.
    package var severity: Severity
    /// The flag or segment it concerns.
    package var subject: Subject
    /// Where the offending value is.
    package var path: JSONPointer
    /// A sentence for a person.
    public var message: String

    /// A problem.
    package init(_ severity: Severity, _ subject: Subject, at path: JSONPointer, _ message: String) {
        self.severity = severity
        self.subject = subject
        self.path = path
        self.message = message
    }

    /// Whether the definitions load and evaluate, but probably not as meant (an invalid regular
    /// expression never matches); otherwise the flag or segment is malformed, and a flag
    /// evaluates to `ERROR/MALFORMED_FLAG`.
    public var isWarning: Bool { severity == .warning }

    /// The key of the flag the problem is about; `nil` for a segment or the whole document.
    public var flagKey: String? {
        if case .flag(let key) = subject { key } else { nil }
    }

    /// The key of the segment the problem is about; `nil` for a flag or the whole document.
    public var segmentKey: String? {
        if case .segment(let key) = subject { key } else { nil }
    }

    /// A JSON Pointer (RFC 6901) to the offending value, such as `/flags/new-checkout/rules/0/clauses/1/op`.
    public var pointer: String { path.description }

    /// `error flag 'new-checkout' at /flags/new-checkout/offVariation: …`
    public var description: String {
        let what: String
        switch subject {
        case .document: what = "document"
        case .flag(let key): what = "flag '\(key)'"
        case .segment(let key): what = "segment '\(key)'"
        }
        return "\(severity.rawValue) \(what) at \(path): \(message)"
    }
}
