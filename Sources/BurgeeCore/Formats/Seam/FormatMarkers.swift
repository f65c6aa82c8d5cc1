/// The marks of each registered format found among a document's members (see
/// ``DefinitionsFormat/detect(in:)``), each with the words that name it in messages.
struct FormatMarkers {
    /// What `flags` held when none of its flags marked a format.
    enum UnmarkedFlags: Equatable {
        /// An empty object: documents of every format whose flags have a telling shape may have one.
        case empty
        /// Not an object, or flags of no known shape.
        case unrecognised
    }

    /// The first marker seen for each format.
    private(set) var found: [DefinitionsFormat: String] = [:]
    /// The state of `flags` when it marked no format; `nil` when it is absent or marked one.
    private(set) var flags: UnmarkedFlags?

    init(_ members: [String: JSONValue]) {
        if let flagsJSON = members["flags"] {
            readFlags(flagsJSON)
        }
        for dialect in FormatRegistry.dialects {
            for marker in dialect.markers(in: members) { mark(dialect.format, marker) }
        }
    }

    /// The formats marked, in ``DefinitionsFormat/allCases`` order.
    var formats: [DefinitionsFormat] {
        DefinitionsFormat.allCases.filter { found[$0] != nil }
    }

    /// `"formatVersion" (native Burgee), …`: the first marker of each of `formats`, with its display name.
    func listed(_ formats: [DefinitionsFormat]) -> String {
        formats.map { "\(found[$0] ?? "?") (\($0.displayName))" }.joined(separator: ", ")
    }

    /// Why a document that marked no format cannot be told, naming the formats it could be.
    var unmarkedError: FormatDetectionError {
        let dialects = FormatRegistry.dialects
        let shaped = dialects.filter { $0.flagsMember.shape != nil }
        switch flags {
        case .empty?:
            return FormatDetectionError(
                candidates: shaped.map(\.format),
                message: #"the "flags" object is empty, and nothing else tells "#
                    + Self.either(shaped.map(\.format.displayName)) + " definitions")
        case .unrecognised?:
            let unshaped = dialects.filter { $0.flagsMember == .unmarked }
            let shapes = shaped.map { "\($0.format.displayName) flags have \($0.flagsMember.shape ?? "")" }
            let others = unshaped.map { "\($0.principalMarker) of \($0.format.displayName) definitions" }
            return FormatDetectionError(
                candidates: (shaped + unshaped).map(\.format),
                message: #"no flag in "flags" has the shape of a known format ("# + shapes.joined(separator: ", ") + ")"
                    + (others.isEmpty ? "" : ", and there is no " + others.joined(separator: " or ")))
        case nil:
            var groups: [(marker: String, names: [String])] = []
            for dialect in dialects {
                if let i = groups.firstIndex(where: { $0.marker == dialect.principalMarker }) {
                    groups[i].names.append(dialect.format.displayName)
                } else {
                    groups.append((dialect.principalMarker, [dialect.format.displayName]))
                }
            }
            let listed = groups.map { "\($0.marker) (\($0.names.joined(separator: ", ")))" }
            return FormatDetectionError(
                candidates: DefinitionsFormat.allCases,
                message: "the document has none of the markers " + Self.list(listed))
        }
    }

    private mutating func mark(_ format: DefinitionsFormat, _ marker: String) {
        if found[format] == nil { found[format] = marker }
    }

    /// Marks each format whose flags have a telling shape for the first such flag (in key order),
    /// naming it in the marker.
    private mutating func readFlags(_ json: JSONValue) {
        guard case .object(let flagsByKey) = json else {
            flags = .unrecognised
            return
        }
        guard !flagsByKey.isEmpty else {
            flags = .empty
            return
        }
        var marked = false
        for dialect in FormatRegistry.dialects {
            guard let shape = dialect.flagsMember.shape else { continue }
            var first: String?
            for (key, value) in flagsByKey {
                guard case .object(let flag) = value, dialect.hasFlagShape(flag) else { continue }
                if first.map({ key < $0 }) ?? true { first = key }
            }
            if let key = first {
                mark(dialect.format, #""flags" whose flags have "# + shape + #" (""# + key + #"")"#)
                marked = true
            }
        }
        if !marked { flags = .unrecognised }
    }

    /// `a`, `a from b`, `a, b or c`: the formats a document could be, for a sentence that tells
    /// them apart.
    private static func either(_ names: [String]) -> String {
        names.count == 2 ? names[0] + " from " + names[1] : list(names)
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}
