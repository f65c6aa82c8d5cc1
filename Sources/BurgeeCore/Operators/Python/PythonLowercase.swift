/// Case-insensitive equality as Python's `a.lower() == b.lower()` decides it: Unicode full
/// lowercase mappings, with capital sigma becoming final `ς` at the end of a word (Python's
/// `Final_Sigma` rule), which Swift's per-scalar mappings do not apply.
enum PythonLowercase {
    /// `text.lower()`, built once when a condition compiles.
    static func lowered(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        _ = forEachLowercased(text) { out.append($0); return true }
        return String(out)
    }

    /// Whether `text.lower()` equals `lowered`, read in place without building the lowercase text.
    static func equals(_ text: String, lowered: String) -> Bool {
        var expected = lowered.unicodeScalars.makeIterator()
        let same = forEachLowercased(text) { scalar in expected.next() == scalar }
        return same && expected.next() == nil
    }

    /// Feeds `body` the scalars of `text.lower()` until it returns false; returns whether it never did.
    private static func forEachLowercased(_ text: String, _ body: (Unicode.Scalar) -> Bool) -> Bool {
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let scalar = scalars[i]
            if scalar.isASCII {
                let v = scalar.value
                guard body(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v + 0x20)! : scalar) else { return false }
            } else if scalar == "\u{3A3}" {
                guard body(isFinalSigma(scalars, at: i) ? "\u{3C2}" : "\u{3C3}") else { return false }
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                    guard body(lower) else { return false }
                }
            }
            i = scalars.index(after: i)
        }
        return true
    }

    /// Python's rule: a cased letter before (case-ignorable ones skipped) and none after.
    private static func isFinalSigma(_ scalars: String.UnicodeScalarView, at i: String.UnicodeScalarView.Index) -> Bool {
        var j = i
        var before = false
        while j > scalars.startIndex {
            j = scalars.index(before: j)
            let p = scalars[j].properties
            if p.isCaseIgnorable { continue }
            before = p.isCased
            break
        }
        guard before else { return false }
        j = scalars.index(after: i)
        while j < scalars.endIndex {
            let p = scalars[j].properties
            if !p.isCaseIgnorable { return !p.isCased }
            j = scalars.index(after: j)
        }
        return true
    }
}
