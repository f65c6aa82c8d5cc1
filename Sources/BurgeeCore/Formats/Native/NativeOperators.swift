/// The operators a native clause can use, by name: the operator families they compile to. A name
/// not listed here is an error in the definitions.
enum NativeOperators {
    static let table = OperatorNameTable<OperatorSpelling>([
        "in": OperatorSpelling(.equality, honoursCaseInsensitive: true),
        "startsWith": OperatorSpelling(.string(.prefix), honoursCaseInsensitive: true),
        "endsWith": OperatorSpelling(.string(.suffix), honoursCaseInsensitive: true),
        "contains": OperatorSpelling(.string(.substring), honoursCaseInsensitive: true),
        // Regular-expression search (``PortableRegex``).
        "matches": OperatorSpelling(.regex, honoursCaseInsensitive: true),
        "lessThan": OperatorSpelling(.number(.less)),
        "lessThanOrEqual": OperatorSpelling(.number(.lessOrEqual)),
        "greaterThan": OperatorSpelling(.number(.greater)),
        "greaterThanOrEqual": OperatorSpelling(.number(.greaterOrEqual)),
        // Instants as Unix milliseconds or RFC 3339.
        "before": OperatorSpelling(.date(.before)),
        "after": OperatorSpelling(.date(.after)),
        "semVerEqual": OperatorSpelling(.semVer(.equal)),
        "semVerLessThan": OperatorSpelling(.semVer(.less)),
        "semVerGreaterThan": OperatorSpelling(.semVer(.greater)),
        "semVerLessThanOrEqual": OperatorSpelling(.semVer(.lessOrEqual)),
        "semVerGreaterThanOrEqual": OperatorSpelling(.semVer(.greaterOrEqual)),
        "inCIDR": OperatorSpelling(.cidr),
        "segmentMatch": OperatorSpelling(.segmentMatch),
    ])
}
