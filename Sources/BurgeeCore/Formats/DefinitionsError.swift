/// Why a whole definitions document was rejected. Problems inside single flags or segments never
/// reject the document; they are reported as ``DefinitionProblem``s and the item is kept as malformed.
public enum DefinitionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON.
    case invalidJSON(JSONParseError)
    /// The bytes are not YAML that stands for JSON (definitions read from a YAML file): why.
    case invalidYAML(String)
    /// The JSON is not a native v1 definitions document.
    case notADefinitionsDocument(String)
    /// `formatVersion` is missing or not 1.
    case unsupportedFormatVersion(String)
    /// The document's format was to be detected, and its shape does not tell which it is: the
    /// formats it could be (giving one of them settles the question) and what was seen.
    case undetectedFormat(candidates: [DefinitionsFormat], message: String)
    /// The document was given as `format` and is not of it: the reason, with what was expected.
    case notOfFormat(DefinitionsFormat, String)
    /// The document is of `format`, and that format's own SDKs refuse it whole (a member they
    /// need is missing or of a type they cannot read): where (a JSON Pointer), and why. A synced document refused
    /// so keeps the last good definitions; the command line exits with status 3.
    case refused(DefinitionsFormat, path: String, String)

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .invalidJSON(let e): return "definitions are not valid JSON: \(e)"
        case .invalidYAML(let why): return "definitions are not valid YAML: \(why)"
        case .notADefinitionsDocument(let why): return "not a Burgee definitions document: \(why)"
        case .unsupportedFormatVersion(let v): return "unsupported formatVersion \(v) (this version reads 1)"
        case .undetectedFormat(let candidates, let message):
            return FormatDetectionError(candidates: candidates, message: message).description
        case .notOfFormat(let format, let why): return "not \(format.displayName) definitions: \(why)"
        case .refused(let format, let path, let why): return "\(format.displayName)'s SDKs refuse these definitions: '\(path)': \(why)"
        }
    }
}
