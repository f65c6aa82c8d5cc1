/// The program's compiled expressions (``Condition/expression(_:)``, ``ServeDraft/expression(_:)``)
/// are JsonLogic trees, the only expression language a format has today (flagd's targeting).
///
/// An alias rather than a protocol, so that the evaluator calls the engine
/// (`Evaluator+Expressions.swift`) directly, with no existential and no witness table on any
/// evaluation. A second expression language would make this an enum of engines.
typealias CompiledExpression = JsonLogicTree
