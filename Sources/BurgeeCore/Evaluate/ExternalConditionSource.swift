/// Decides conditions the definitions name but do not define, with code the host registers by
/// name (Unleash's custom strategies).
///
/// A flag lists its external conditions in order (``FlagInfo/externalConditions``); its rules
/// refer to them by position (``Condition/external(_:)``). An evaluation that reaches one asks the
/// source about the condition at that position of the flag whose rules hold it, each time it
/// reaches it. A format that feeds a parent flag its child's results (Yggdrasil, Unleash's engine,
/// does) inlines the parent's conditions into the child's rules, where they read the child's. A
/// position the flag does not have, or a name the source does not know, does not hold.
/// Evaluations that reach no external condition never ask.
package protocol ExternalConditionSource: Sendable {
    /// Whether `condition` holds for `context`.
    func holds(_ condition: ExternalCondition, context: Context) -> Bool
}

/// A condition decided outside the program: the name its code is registered under, and the
/// parameters the definitions give it.
package struct ExternalCondition: Sendable, Equatable {
    /// The name the host registers the condition's code under.
    package var name: String
    /// The parameters, as text.
    package var parameters: [String: String]

    package init(name: String, parameters: [String: String]) {
        self.name = name
        self.parameters = parameters
    }
}
