/// A semantic version, parsed and ordered by the rules of Semantic Versioning 2.0.0.
///
/// The accepted form is `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`. Missing minor and patch parts
/// are 0, so `1` reads as `1.0.0`, `1.2` as `1.2.0` and `1-beta` as `1.0.0-beta`. Rejected: a leading
/// `v`, leading zeros in a numeric part or a numeric prerelease identifier (`01`, `1.0.0-01`), a fourth
/// part (`1.2.3.4`), empty identifiers, characters outside `[0-9A-Za-z-]` in identifiers, whitespace,
/// and major, minor or patch numbers that do not fit a `UInt64`. Numeric prerelease identifiers have
/// no size limit: they compare numerically at any length.
///
/// `==` and `<` follow semver precedence (§11): build metadata is ignored, so `1.0.0+a == 1.0.0+b`.
///
/// The evaluator parses context attributes with this type on every evaluation, so parsing and
/// comparing allocate nothing: the prerelease and build parts are slices of the parsed text.
package struct SemanticVersion: Sendable {
    /// The major version.
    package let major: UInt64
    /// The minor version; 0 when the text has none.
    package let minor: UInt64
    /// The patch version; 0 when the text has none.
    package let patch: UInt64
    // Empty when absent: an empty identifier is invalid, so emptiness cannot be ambiguous.
    private let prereleaseText: Substring
    private let buildText: Substring

    /// The prerelease identifiers after `-`, dot-separated (`alpha.1`), or `nil` when there are none.
    package var prerelease: Substring? { prereleaseText.isEmpty ? nil : prereleaseText }

    /// The build metadata after `+` (`exp.sha.5114f85`), or `nil`. It plays no part in precedence.
    package var build: Substring? { buildText.isEmpty ? nil : buildText }

    /// Parses `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`; `nil` if `text` is not a valid version.
    package init?(parsing text: String) {
        self.init(parsing: text[...])
    }

    /// Parses `MAJOR[.MINOR[.PATCH]][-PRERELEASE][+BUILD]`; `nil` if `text` is not a valid version.
    ///
    /// The prerelease and build parts keep a reference to `text`'s storage rather than copying it.
    package init?(parsing text: Substring) {
        let scanned: Layout? = text.withUTF8Bytes { Self.scan($0) }
        guard let layout = scanned else { return nil }
        major = layout.major
        minor = layout.minor
        patch = layout.patch
        prereleaseText = Self.slice(text, layout.prerelease)
        buildText = Self.slice(text, layout.build)
    }
}

// MARK: - Parsing

extension SemanticVersion {
    /// Where the parts lie in the scanned bytes; an empty range means the part is absent.
    private struct Layout {
        var major: UInt64 = 0
        var minor: UInt64 = 0
        var patch: UInt64 = 0
        var prerelease: Range<Int> = 0..<0
        var build: Range<Int> = 0..<0
    }

    private static let dot = UInt8(ascii: ".")
    private static let hyphen = UInt8(ascii: "-")
    private static let plus = UInt8(ascii: "+")
    private static let zero = UInt8(ascii: "0")

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Layout? {
        var layout = Layout()
        var i = 0
        guard let major = number(bytes, &i) else { return nil }
        layout.major = major
        if i < bytes.count, bytes[i] == dot {
            i += 1
            guard let minor = number(bytes, &i) else { return nil }
            layout.minor = minor
            if i < bytes.count, bytes[i] == dot {
                i += 1
                guard let patch = number(bytes, &i) else { return nil }
                layout.patch = patch
            }
        }
        if i < bytes.count, bytes[i] == hyphen {
            i += 1
            let start = i
            guard identifiers(bytes, &i, strictNumbers: true) else { return nil }
            layout.prerelease = start..<i
        }
        if i < bytes.count, bytes[i] == plus {
            i += 1
            let start = i
            guard identifiers(bytes, &i, strictNumbers: false) else { return nil }
            layout.build = start..<i
        }
        // Anything left over (a fourth `.part`, whitespace, a stray character) makes the text invalid.
        return i == bytes.count ? layout : nil
    }

    /// A decimal number without leading zeros that fits a `UInt64`, advancing `i` past it.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> UInt64? {
        let start = i
        var value: UInt64 = 0
        while i < bytes.count, isDigit(bytes[i]) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(bytes[i] &- zero))
            guard !o1, !o2 else { return nil }
            value = sum
            i += 1
        }
        guard i > start, bytes[start] != zero || i - start == 1 else { return nil }
        return value
    }

    /// Dot-separated, non-empty `[0-9A-Za-z-]+` identifiers, advancing `i` past them.
    ///
    /// With `strictNumbers` (prerelease), an all-digit identifier may not have a leading zero;
    /// build metadata allows one.
    static func identifiers(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, strictNumbers: Bool) -> Bool {
        while true {
            let start = i
            var numeric = true
            while i < bytes.count, isIdentifierByte(bytes[i]) {
                numeric = numeric && isDigit(bytes[i])
                i += 1
            }
            guard i > start else { return false }
            if strictNumbers, numeric, i - start > 1, bytes[start] == zero { return false }
            guard i < bytes.count, bytes[i] == dot else { return true }
            i += 1
        }
    }

    static func slice(_ text: Substring, _ range: Range<Int>) -> Substring {
        guard !range.isEmpty else { return Substring() }
        let utf8 = text.utf8
        // O(1) on native strings; the offsets are ASCII, so they fall on character boundaries.
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return text[lower..<upper]
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }

    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == hyphen
    }
}

// MARK: - Precedence

extension SemanticVersion: Comparable {
    /// Equal precedence: same major, minor, patch and prerelease; build metadata is ignored.
    package static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        lhs.major == rhs.major && lhs.minor == rhs.minor && lhs.patch == rhs.patch
            && lhs.prereleaseText.utf8.elementsEqual(rhs.prereleaseText.utf8)
    }

    /// Semver 2.0 §11 precedence: numeric parts, then a version with a prerelease ranks lower than
    /// one without, then prerelease identifiers one by one.
    package static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
        if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
        switch (lhs.prereleaseText.isEmpty, rhs.prereleaseText.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        case (false, false): return compareIdentifiers(lhs.prereleaseText.utf8, rhs.prereleaseText.utf8) < 0
        }
    }

    /// Compares dot-separated identifier lists (a prerelease, build metadata) in step, without
    /// splitting them into arrays: numeric identifiers numerically and before alphanumeric ones,
    /// those by bytes, and a longer list after its prefix. Leading zeros (build metadata only) do
    /// not change a number; equal numbers order by how many they have, as the Rust crate does.
    package static func compareIdentifiers(_ a: Substring.UTF8View, _ b: Substring.UTF8View) -> Int {
        var ia = a.startIndex
        var ib = b.startIndex
        while true {
            let aDone = ia == a.endIndex
            let bDone = ib == b.endIndex
            // A larger set of fields wins when all preceding ones are equal.
            if aDone || bDone { return aDone == bDone ? 0 : (aDone ? -1 : 1) }
            let ea = a[ia...].firstIndex(of: dot) ?? a.endIndex
            let eb = b[ib...].firstIndex(of: dot) ?? b.endIndex
            let order = compareIdentifier(a[ia..<ea], b[ib..<eb])
            if order != 0 { return order }
            ia = ea == a.endIndex ? ea : a.index(after: ea)
            ib = eb == b.endIndex ? eb : b.index(after: eb)
        }
    }

    private static func compareIdentifier(_ a: Substring.UTF8View, _ b: Substring.UTF8View) -> Int {
        let aNumeric = a.allSatisfy(isDigit)
        let bNumeric = b.allSatisfy(isDigit)
        switch (aNumeric, bNumeric) {
        case (true, true):
            // Without leading zeros a longer number is larger; equal lengths compare digit by
            // digit. This stays exact for identifiers too long for any integer type.
            let za = a.prefix { $0 == UInt8(ascii: "0") }.count, zb = b.prefix { $0 == UInt8(ascii: "0") }.count
            let (ca, cb) = (a.count - za, b.count - zb)
            if ca != cb { return ca < cb ? -1 : 1 }
            let order = compareBytes(a.dropFirst(za), b.dropFirst(zb))
            return order != 0 || za == zb ? order : (za < zb ? -1 : 1)
        case (true, false): return -1
        case (false, true): return 1
        case (false, false): return compareBytes(a, b)
        }
    }

    private static func compareBytes(_ a: Substring.UTF8View, _ b: Substring.UTF8View) -> Int {
        if a.elementsEqual(b) { return 0 }
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }
}

extension SemanticVersion: Hashable {
    /// Hashes what ``==`` compares: the numeric parts and the prerelease, not the build metadata.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prereleaseText.utf8.count)
        for byte in prereleaseText.utf8 { hasher.combine(byte) }
    }
}

extension SemanticVersion: CustomStringConvertible {
    /// The full `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]` form, with omitted parts written as 0.
    package var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prereleaseText.isEmpty { text += "-\(prereleaseText)" }
        if !buildText.isEmpty { text += "+\(buildText)" }
        return text
    }
}
