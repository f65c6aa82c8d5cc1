/// A version of one or more numeric parts (`1`, `1.2`, `1.2.3.4`) followed by semver's prerelease and
/// build metadata (`1.2-rc.1+b`), as Datadog's evaluator reads the operands and attributes of its
/// `SEMVER_*` operators.
///
/// Each numeric part is a decimal without leading zeros that fits a `UInt64`; the prerelease and build
/// follow Semantic Versioning 2.0.0 (``SemanticVersion``). Versions are ordered by their numeric parts, a
/// part one version lacks being 0 (so `1.2` equals `1.2.0.0` and `1.2.3.4` is above `1.2.3`), then by
/// semver precedence of the prerelease; build metadata is ignored.
///
/// Comparing reads both texts where they lie: nothing is allocated.
package enum ExtendedVersion {
    /// Where a version's parts lie, as byte offsets: the numeric parts and the prerelease (empty: none).
    struct Layout {
        var core: Range<Int>
        var prerelease: Range<Int>
    }

    /// Whether `text` is such a version.
    package static func isVersion(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { scan($0) } != nil
    }

    /// -1, 0 or 1 as the version in `a` is below, equal to or above the one in `b`; `nil` when either text
    /// is not a version.
    package static func compare(_ a: String, _ b: String) -> Int? {
        var a = a, b = b
        let scanned: (order: Int, a: Range<Int>, b: Range<Int>)? = a.withUTF8 { aBytes in
            b.withUTF8 { bBytes in
                guard let aLayout = scan(aBytes), let bLayout = scan(bBytes) else { return nil }
                return (compareCores(aBytes, aLayout.core, bBytes, bLayout.core), aLayout.prerelease, bLayout.prerelease)
            }
        }
        guard let scanned else { return nil }
        if scanned.order != 0 { return scanned.order }
        // Equal numeric parts: semver precedence of the prerelease decides, none ranking highest.
        switch (scanned.a.isEmpty, scanned.b.isEmpty) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        case (false, false):
            return SemanticVersion.compareIdentifiers(SemanticVersion.slice(a[...], scanned.a).utf8,
                                                      SemanticVersion.slice(b[...], scanned.b).utf8)
        }
    }

    /// The layout of a valid version; `nil` when `bytes` are not one.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Layout? {
        var i = 0
        while true {
            guard SemanticVersion.number(bytes, &i) != nil else { return nil }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ".") else { break }
            i += 1
        }
        let core = 0..<i
        var prerelease = i..<i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") {
            i += 1
            let start = i
            guard SemanticVersion.identifiers(bytes, &i, strictNumbers: true) else { return nil }
            prerelease = start..<i
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") {
            i += 1
            guard SemanticVersion.identifiers(bytes, &i, strictNumbers: false) else { return nil }
        }
        return i == bytes.count ? Layout(core: core, prerelease: prerelease) : nil
    }

    /// Compares two valid numeric cores part by part, a missing part being 0.
    private static func compareCores(_ a: UnsafeBufferPointer<UInt8>, _ aCore: Range<Int>,
                                     _ b: UnsafeBufferPointer<UInt8>, _ bCore: Range<Int>) -> Int {
        var ia = aCore.lowerBound, ib = bCore.lowerBound
        while ia < aCore.upperBound || ib < bCore.upperBound {
            let x = part(a, &ia, aCore.upperBound), y = part(b, &ib, bCore.upperBound)
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// The numeric part at `i` (0 past `end`), advancing `i` past it and its dot.
    @inline(__always)
    private static func part(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int) -> UInt64 {
        guard i < end else { return 0 }
        var value: UInt64 = 0
        while i < end, bytes[i] != UInt8(ascii: ".") {
            value = value &* 10 &+ UInt64(bytes[i] &- UInt8(ascii: "0"))
            i += 1
        }
        i += 1
        return value
    }
}
