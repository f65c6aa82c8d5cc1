/// The operators of Unleash's constraints, by name: the operator families they compile to. An
/// absent context field fails the operator, and `inverted` turns that into a pass. A name not
/// listed here makes the constraint never pass.
///
/// `NUM_*`, `DATE_*` and `SEMVER_*` name their family's comparison only: as in Yggdrasil, the
/// operand's shape picks the family that compares (``UnleashOrdinalValue``).
enum UnleashOperators {
    static let table = OperatorNameTable<OperatorSpelling>([
        "IN": OperatorSpelling(.equality, absent: .failsOperator),
        "NOT_IN": OperatorSpelling(.equality, negated: true, absent: .failsOperator),
        "STR_STARTS_WITH": OperatorSpelling(.string(.prefix), honoursCaseInsensitive: true, absent: .failsOperator),
        "STR_ENDS_WITH": OperatorSpelling(.string(.suffix), honoursCaseInsensitive: true, absent: .failsOperator),
        "STR_CONTAINS": OperatorSpelling(.string(.substring), honoursCaseInsensitive: true, absent: .failsOperator),
        "NUM_EQ": OperatorSpelling(.numberText(.equal), absent: .failsOperator),
        "NUM_GT": OperatorSpelling(.numberText(.greater), absent: .failsOperator),
        "NUM_GTE": OperatorSpelling(.numberText(.greaterOrEqual), absent: .failsOperator),
        "NUM_LT": OperatorSpelling(.numberText(.less), absent: .failsOperator),
        "NUM_LTE": OperatorSpelling(.numberText(.lessOrEqual), absent: .failsOperator),
        "DATE_AFTER": OperatorSpelling(.date(.after), absent: .failsOperator),
        "DATE_BEFORE": OperatorSpelling(.date(.before), absent: .failsOperator),
        "SEMVER_EQ": OperatorSpelling(.semVer(.equal), absent: .failsOperator),
        "SEMVER_GT": OperatorSpelling(.semVer(.greater), absent: .failsOperator),
        "SEMVER_GTE": OperatorSpelling(.semVer(.greaterOrEqual), absent: .failsOperator),
        "SEMVER_LT": OperatorSpelling(.semVer(.less), absent: .failsOperator),
        "SEMVER_LTE": OperatorSpelling(.semVer(.lessOrEqual), absent: .failsOperator),
        // Rust-regex patterns, read from `value`, translated into the portable subset by the lowering.
        "REGEX": OperatorSpelling(.regex, honoursCaseInsensitive: true, absent: .failsOperator),
        "IN_CIDR": OperatorSpelling(.cidr, absent: .failsOperator),
    ])
}
