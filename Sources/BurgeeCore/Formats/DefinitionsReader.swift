/// Reads definitions documents of a given or detected ``DefinitionsFormat``.
///
/// The JSON is parsed once; when no format is given it is detected from the document's shape
/// (``DefinitionsFormat/detect(in:)``). Native documents are then read exactly as
/// ``DefinitionsDocument/init(json:)`` reads them. Documents of the other formats are recognised
/// but rejected with ``DefinitionsError/unsupportedFormat(_:)``: this version of Burgee cannot
/// evaluate them yet.
///
/// ```swift
/// let snapshot = try Snapshot(jsonBytes: bytes, format: nil)   // detect, then read and compile
/// ```
public enum DefinitionsReader {
    /// The formats this version of Burgee can read and evaluate.
    /// Native documents are read by ``document(json:format:)``; Unleash documents by
    /// ``Snapshot/init(jsonBytes:format:limits:)`` (they have no native document).
    public static let supportedFormats: Set<DefinitionsFormat> = [.native, .unleash]

    /// The format of `document`: detected when `format` is `nil`, else `format` unless the
    /// document plainly is of another one.
    ///
    /// A given format is trusted when the document carries its marker, or no marker at all, or
    /// markers of several formats including it; it is refused when the document carries only the
    /// markers of other formats, or (for a format other than ``DefinitionsFormat/native``, whose
    /// reader says so itself) is not an object.
    /// - Throws: ``DefinitionsError/undetectedFormat(_:)`` when detection is unsure,
    ///   ``DefinitionsError/notOfFormat(_:_:)`` when the given format is contradicted.
    public static func format(of document: JSONValue, given format: DefinitionsFormat?) throws(DefinitionsError)
        -> DefinitionsFormat
    {
        guard let format else {
            do { return try DefinitionsFormat.detect(in: document) } catch { throw .undetectedFormat(error) }
        }
        guard case .object(let members) = document else {
            if format == .native { return format }
            throw .notOfFormat(format, "the top level is \(document.typeName), not an object; "
                               + "\(format.displayName) definitions are \(format.expectedShape)")
        }
        let markers = FormatMarkers(members)
        let found = markers.formats
        if found.isEmpty || found.contains(format) { return format }
        throw .notOfFormat(format, "the document has \(markers.listed(found)); "
                           + "\(format.displayName) definitions are \(format.expectedShape)")
    }

    /// The native definitions document in parsed JSON of the given or detected format.
    ///
    /// - Parameter format: the document's format; `nil` detects it.
    /// - Throws: the errors of ``format(of:given:)``; ``DefinitionsError/unsupportedFormat(_:)``
    ///   for a format this version cannot evaluate; for a native document, the errors of
    ///   ``DefinitionsDocument/init(json:)``.
    public static func document(json: JSONValue, format: DefinitionsFormat?) throws(DefinitionsError)
        -> DefinitionsDocument
    {
        let resolved = try self.format(of: json, given: format)
        // Only native definitions have a native document; the others compile from their own model.
        guard resolved == .native else { throw .unsupportedFormat(resolved) }
        return try DefinitionsDocument(json: json)
    }

    /// Parses JSON bytes once, then reads them as ``document(json:format:)`` does.
    ///
    /// - Throws: ``DefinitionsError/invalidJSON(_:)`` for bytes that are not JSON, else the errors
    ///   of ``document(json:format:)``.
    public static func document(jsonBytes bytes: [UInt8], format: DefinitionsFormat?,
                                limits: JSONParser.Limits = .default) throws(DefinitionsError) -> DefinitionsDocument
    {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(bytes) } catch { throw .invalidJSON(error) }
        return try document(json: json, format: format)
    }
}
