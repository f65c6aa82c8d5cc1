/// The operators of flagd's targeting, by name: JsonLogic's and flagd's own (`fractional`,
/// `starts_with`, `ends_with`, `sem_ver`). They are operations of an expression evaluated as a
/// whole rather than tests of one attribute, so each names the ``JsonLogicOperation`` that
/// computes it. A name not listed here is an error in the definitions.
enum FlagdOperators {
    static let table = OperatorNameTable<JsonLogicOperation>([
        "var": .variable, "missing": .missing, "missing_some": .missingSome, "if": .if, "?:": .if,
        "==": .equals, "!=": .notEquals, "===": .strictEquals, "!==": .strictNotEquals,
        "!": .not, "!!": .truthy, "or": .or, "and": .and,
        "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
        "max": .max, "min": .min, "+": .add, "-": .subtract, "*": .multiply, "/": .divide, "%": .modulo,
        "in": .in, "cat": .cat, "substr": .substr, "merge": .merge,
        "map": .map, "filter": .filter, "reduce": .reduce, "all": .all, "some": .some, "none": .none,
        "starts_with": .startsWith, "ends_with": .endsWith, "sem_ver": .semVer, "fractional": .fractional,
    ])
}

extension JsonLogicLanguage {
    /// flagd's targeting: its operators, its `$flagd` member, and `fractional` by `rule`.
    static func flagd(_ rule: FlagdLoweringOptions.FractionalRule) -> JsonLogicLanguage {
        JsonLogicLanguage(operations: FlagdOperators.table, injectedMember: "$flagd", bucketing: rule.bucketing)
    }
}
