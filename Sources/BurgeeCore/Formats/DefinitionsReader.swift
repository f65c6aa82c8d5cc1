/// Decides which ``DefinitionsFormat`` a document is read as: the given one, checked against
/// the document's markers, or the one detected from its shape (``DefinitionsFormat/detect(in:)``).
/// ``Definitions/init(json:format:)`` then reads it.
package enum DefinitionsReader {
    /// The format of `document`: detected when `format` is `nil`, else `format` unless the
    /// document plainly is of another one.
    ///
    /// A given format is trusted when the document carries its marker, or no marker at all, or
    /// markers of several formats including it, or only the markers of formats whose documents look
    /// like its own (``ReadingDialect/sharesShapeWith``); it is refused when the document carries only the
    /// markers of other formats, or (for a format other than ``DefinitionsFormat/native``, whose
    /// reader says so itself) is not an object.
    /// - Throws: ``DefinitionsError/undetectedFormat(candidates:message:)`` when detection is unsure,
    ///   ``DefinitionsError/notOfFormat(_:_:)`` when the given format is contradicted.
    package static func format(of document: JSONValue, given format: DefinitionsFormat?) throws(DefinitionsError)
        -> DefinitionsFormat
    {
        guard let format else {
            do { return try DefinitionsFormat.detect(in: document) } catch {
                throw .undetectedFormat(candidates: error.candidates, message: error.message)
            }
        }
        guard case .object(let members) = document else {
            if format == .native { return format }
            throw .notOfFormat(format, "the top level is \(document.typeName), not an object; "
                               + "\(format.displayName) definitions are \(format.expectedShape)")
        }
        let markers = FormatMarkers(members)
        let found = markers.formats
        if found.isEmpty || found.contains(format) { return format }
        // A format whose documents look like another's is trusted with that one's markers.
        let alike = FormatRegistry.reading(of: format).sharesShapeWith
        if found.allSatisfy(alike.contains) { return format }
        throw .notOfFormat(format, "the document has \(markers.listed(found)); "
                           + "\(format.displayName) definitions are \(format.expectedShape)")
    }
}
