/// A format's own view of one evaluation, in its vendor's words, as the command line writes it.
package struct VendorResult: Sendable, Equatable {
    /// The result line's member that carries it: the format's name.
    package var member: String
    /// The member's value.
    package var json: JSONValue
    /// What the result line's `value` is instead of the evaluated value, when the format answers
    /// something else (an `isEnabled` answer, say); `nil` keeps the evaluated value.
    package var value: JSONValue?
    /// The lines `burgee eval` writes after the reason, aligned as its other lines.
    package var textLines: [String]
    /// The line `burgee explain` writes after the steps.
    package var explainLine: String

    /// A result.
    package init(member: String, json: JSONValue, value: JSONValue? = nil, textLines: [String], explainLine: String) {
        self.member = member
        self.json = json
        self.value = value
        self.textLines = textLines
        self.explainLine = explainLine
    }
}
