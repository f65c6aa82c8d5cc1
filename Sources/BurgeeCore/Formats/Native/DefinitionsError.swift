/// Why a whole definitions document was rejected. Problems inside single flags or segments never
/// reject the document; they are reported as ``DefinitionProblem``s and the item is kept as malformed.
public enum DefinitionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not JSON.
    case invalidJSON(JSONParseError)
    /// The JSON is not a native v1 definitions document.
    case notADefinitionsDocument(String)
    /// `formatVersion` is missing or not 1.
    case unsupportedFormatVersion(String)

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .invalidJSON(let e): return "definitions are not valid JSON: \(e)"
        case .notADefinitionsDocument(let why): return "not a Burgee definitions document: \(why)"
        case .unsupportedFormatVersion(let v): return "unsupported formatVersion \(v) (this version reads 1)"
        }
    }
}
