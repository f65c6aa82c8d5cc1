/// The operators of LaunchDarkly's clauses, by name: the operator families they compile to. A name
/// not listed here never matches (before `negate`), as in LaunchDarkly's SDKs.
enum LaunchDarklyOperators {
    static let table = OperatorNameTable<OperatorSpelling>([
        // Only booleans, numbers and strings can be equal (the lowering drops other values).
        "in": OperatorSpelling(.equality),
        "startsWith": OperatorSpelling(.string(.prefix)),
        "endsWith": OperatorSpelling(.string(.suffix)),
        "contains": OperatorSpelling(.string(.substring)),
        // RE2 patterns, translated into the portable subset by the lowering.
        "matches": OperatorSpelling(.regex),
        "lessThan": OperatorSpelling(.number(.less)),
        "lessThanOrEqual": OperatorSpelling(.number(.lessOrEqual)),
        "greaterThan": OperatorSpelling(.number(.greater)),
        "greaterThanOrEqual": OperatorSpelling(.number(.greaterOrEqual)),
        "before": OperatorSpelling(.goDate(.before)),
        "after": OperatorSpelling(.goDate(.after)),
        "semVerEqual": OperatorSpelling(.semVer(.equal)),
        "semVerLessThan": OperatorSpelling(.semVer(.less)),
        "semVerGreaterThan": OperatorSpelling(.semVer(.greater)),
        "segmentMatch": OperatorSpelling(.segmentMatch),
    ])
}
