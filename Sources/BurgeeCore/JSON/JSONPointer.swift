/// A JSON Pointer (RFC 6901) naming a place in a document, for problem reports.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    package private(set) var tokens: [String]

    /// The pointer to the whole document.
    package static let root = JSONPointer(tokens: [])

    /// A pointer made of unescaped tokens.
    package init(tokens: [String]) {
        self.tokens = tokens
    }

    /// This pointer extended by a member name.
    package func appending(_ member: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [member])
    }

    /// This pointer extended by an array index.
    package func appending(_ index: Int) -> JSONPointer {
        JSONPointer(tokens: tokens + [String(index)])
    }

    /// The RFC 6901 text, `""` for the root.
    package var description: String {
        var out = ""
        for token in tokens {
            out += "/"
            for ch in token.unicodeScalars {
                switch ch {
                case "~": out += "~0"
                case "/": out += "~1"
                default: out.unicodeScalars.append(ch)
                }
            }
        }
        return out.isEmpty ? "/" : out
    }
}
