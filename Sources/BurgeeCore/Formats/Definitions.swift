/// Flag and segment definitions of any format Burgee evaluates, read and ready to compile into a
/// ``Snapshot``.
///
/// Reading checks the document's shape and format; problems inside single flags or segments do
/// not fail it (they make only those items malformed, see ``Snapshot/problems``).
///
/// ```swift
/// let definitions = try Definitions(jsonBytes: bytes, format: nil)   // detect the format
/// let snapshot = Snapshot(compiling: definitions)
/// ```
public struct Definitions: Sendable {
    /// The model of each format.
    package enum Model: Sendable {
        case native(DefinitionsDocument)
        /// Unleash's features (or delta) document, and the JSON it was read from.
        case unleash(UnleashDocument, JSONValue)
        /// flagd's flag definitions, and the JSON they were read from.
        case flagd(FlagdDocument, JSONValue)
        /// LaunchDarkly's flag data (or stream `put`), and the JSON it was read from.
        case launchDarkly(LaunchDarklyDocument, JSONValue)
    }

    package let model: Model

    /// Definitions of Burgee's own format.
    public init(_ document: DefinitionsDocument) {
        model = .native(document)
    }

    /// Reads parsed JSON of the given format, or of the format detected when `format` is `nil`.
    ///
    /// - Throws: the errors of ``DefinitionsReader/format(of:given:)``;
    ///   the format's own errors for a document of the wrong shape.
    public init(json: JSONValue, format: DefinitionsFormat?) throws(DefinitionsError) {
        let resolved = try DefinitionsReader.format(of: json, given: format)
        switch resolved {
        case .native: model = .native(try DefinitionsDocument(json: json))
        case .unleash: model = .unleash(try UnleashDocument(json: json), json)
        case .flagd: model = .flagd(try FlagdDocument(json: json), json)
        case .launchDarkly: model = .launchDarkly(try LaunchDarklyDocument(json: json), json)
        }
    }

    /// Parses JSON bytes once, then reads them as ``init(json:format:)`` does.
    ///
    /// - Throws: ``DefinitionsError/invalidJSON(_:)`` for bytes that are not JSON (or exceed
    ///   `limits`), else the errors of ``init(json:format:)``.
    public init(jsonBytes bytes: [UInt8], format: DefinitionsFormat?,
                limits: JSONLimits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(bytes) } catch { throw .invalidJSON(error) }
        try self.init(json: json, format: format)
    }

    /// The format the definitions are in.
    public var format: DefinitionsFormat {
        switch model {
        case .native: .native
        case .unleash: .unleash
        case .flagd: .flagd
        case .launchDarkly: .launchDarkly
        }
    }

    /// The definitions' version: a native document's `version`; 0 for formats without one.
    public var version: Int64 {
        switch model {
        case .native(let document): document.version
        case .unleash(let document, _): document.version ?? 0
        case .flagd, .launchDarkly: 0
        }
    }

    /// The native document; `nil` for another format.
    public var document: DefinitionsDocument? {
        switch model {
        case .native(let document): document
        case .unleash, .flagd, .launchDarkly: nil
        }
    }

    /// The definitions as JSON of their own format, as a cache stores them: JSON whose format
    /// is told from its shape when read back. LaunchDarkly's flag data is written as a stream
    /// `put` (`{"path":"/","data":{…}}`), whose shape tells it even when it holds no flag.
    public var json: JSONValue {
        switch model {
        case .native(let document): document.json
        case .unleash(_, let json), .flagd(_, let json): json
        case .launchDarkly(_, let json):
            if case .object(let members) = json, members["data"] != nil, members["flags"] == nil { json } else {
                ["path": "/", "data": json]
            }
        }
    }
}
