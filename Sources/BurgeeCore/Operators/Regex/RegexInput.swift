/// The input's Unicode scalars as the matcher sees them: as is, or lowercased one by one.
///
/// Lowercasing happens on the fly so that matching never builds a lowercased copy of the input.
/// A mapping to several scalars (`İ` → `i̇`) feeds them all, in order. Lowercase mappings are at
/// most a few bytes, so the standard library keeps them in small-string form: no allocation.
struct RegexInput {
    /// Returned by ``next()`` after the last scalar; above every scalar value.
    static let end: UInt32 = .max

    private var scalars: String.UnicodeScalarView.Iterator
    private let lowercases: Bool
    /// The rest of a multi-scalar lowercase mapping, not yet returned.
    private var pending: String.UnicodeScalarView.Iterator?

    init(_ input: String, lowercases: Bool) {
        self.scalars = input.unicodeScalars.makeIterator()
        self.lowercases = lowercases
    }

    /// The next scalar value, or ``end``.
    @inline(__always)
    mutating func next() -> UInt32 {
        guard lowercases else { return scalars.next()?.value ?? Self.end }
        if pending != nil { return nextPending() }
        guard let scalar = scalars.next() else { return Self.end }
        let value = scalar.value
        if value < 0x80 { return RegexCaseFolding.asciiLowercase(value) }
        return lowercasedNonASCII(scalar)
    }

    private mutating func lowercasedNonASCII(_ scalar: Unicode.Scalar) -> UInt32 {
        let properties = scalar.properties
        guard properties.changesWhenLowercased else { return scalar.value }
        var mapped = properties.lowercaseMapping.unicodeScalars.makeIterator()
        guard let first = mapped.next() else { return scalar.value }
        pending = mapped
        return first.value
    }

    private mutating func nextPending() -> UInt32 {
        if let value = pending?.next()?.value { return value }
        pending = nil
        return next()
    }
}
