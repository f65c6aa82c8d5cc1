/// The two kinds of item a document of definitions holds, as a change to one item names them.
package enum DefinitionItemKind: String, Sendable, Hashable, CaseIterable {
    /// A flag.
    case flag
    /// A segment.
    case segment

    /// The document member holding items of this kind.
    package var member: String {
        switch self {
        case .flag: "flags"
        case .segment: "segments"
        }
    }
}

/// A document's flag and segment objects by kind and key, each as the JSON it arrived in.
package typealias DocumentItems = [DefinitionItemKind: [String: JSONValue]]
