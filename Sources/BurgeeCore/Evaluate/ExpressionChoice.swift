/// What a value expression's result serves (``ServeDraft/expression(_:)``), as the expression
/// engine reads its value.
enum ExpressionChoice {
    /// The variation at this flag-local index: a `TARGET_MATCH`.
    case variation(Int32)
    /// No variation named: the flag's default variation, as its fallthrough.
    case fallsThrough
    /// A value that names no variation: an evaluation error.
    case error
}
