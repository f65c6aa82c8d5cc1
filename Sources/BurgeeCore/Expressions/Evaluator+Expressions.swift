/// The evaluator's expression engine: what ``Evaluator`` calls for the program's expression
/// conditions and value expressions, answered by the JsonLogic interpreter
/// (`Evaluator+JsonLogic.swift`).
extension Evaluator {
    /// Whether the expression's value is truthy, as JsonLogic reads truth.
    mutating func expressionHolds(_ expression: CompiledExpression) -> Bool {
        JsonLogicValues.truthy(logic(expression, expression.root, nil))
    }

    /// What a value expression serves: a string names a variation by key, `true`/`false` the
    /// `"true"`/`"false"` variations, a number the variation written as its JSON text (`1` names
    /// `"1"`, as flagd's evaluators read it); `null` falls through; anything else, or a name no
    /// variation has, is an error.
    mutating func expressionChoice(_ code: ValueExpressionCode) -> ExpressionChoice {
        let variation: Int32
        switch logic(code.expression, code.expression.root, nil) {
        case .null:
            return .fallsThrough
        case .string(let name):
            variation = code.variations.position(of: name).map(Int32.init) ?? -1
        case .bool(let b):
            variation = b ? code.trueVariation : code.falseVariation
        case .number(let n):
            variation = code.expression.variant(named: n.doubleValue)
        default:
            variation = -1
        }
        return variation >= 0 ? .variation(variation) : .error
    }
}
