/// A string key compared and hashed by its UTF-8 bytes (Unicode scalars, no normalisation).
///
/// Swift's `String ==` treats canonically equivalent strings as equal ("é" == "e\u{301}"); flag keys,
/// context keys and `in` values must not, so that every SDK reading the same definitions agrees.
@usableFromInline
struct ExactString: Hashable, Sendable {
    @usableFromInline let value: String

    @inlinable
    init(_ value: String) {
        self.value = value
    }

    @inlinable
    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        ExactString.bytesEqual(lhs.value, rhs.value)
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Byte equality over contiguous UTF-8 storage: much cheaper than iterating two `UTF8View`s.
    @inlinable
    static func bytesEqual(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { pa in
            b.withUTF8 { pb in
                pa.count == 0 || (pa.baseAddress == pb.baseAddress) || pa.elementsEqual(pb)
            }
        }
    }
}
