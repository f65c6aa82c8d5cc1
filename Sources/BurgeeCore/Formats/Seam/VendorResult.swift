/// A format's own view of one evaluation, in its vendor's words, as the command line writes it.
package struct VendorResult: Sendable, Equatable {
    /// The result line's member that carries it: the format's name.
    package var member: String
    /// The member's value.
    package var json: JSONValue
    /// What the result line's `value` is instead of the evaluated value, when the format answers
    /// something else (an `isEnabled` answer, say); `nil` keeps the evaluated value.
    package var value: JSONValue?
    /// What the result line's `reason` is instead of the evaluation's, when the vendor's results
    /// name less than Burgee's reasons do (a rule that the format's own member names already);
    /// `nil` keeps the evaluation's reason.
    package var reason: EvaluationReason?
    /// The result line's `reason` in the vendor's own words, for a format whose SDKs name reasons
    /// Burgee's kinds do not have (`{"kind":"STATIC"}`); it wins over ``reason``.
    package var reasonJSON: JSONValue?
    /// The lines `burgee eval` writes after the reason, aligned as its other lines.
    package var textLines: [String]
    /// The line `burgee explain` writes after the steps.
    package var explainLine: String

    /// A result.
    package init(member: String, json: JSONValue, value: JSONValue? = nil, reason: EvaluationReason? = nil,
                 reasonJSON: JSONValue? = nil, textLines: [String], explainLine: String) {
        self.reason = reason
        self.reasonJSON = reasonJSON
        self.member = member
        self.json = json
        self.value = value
        self.textLines = textLines
        self.explainLine = explainLine
    }
}
