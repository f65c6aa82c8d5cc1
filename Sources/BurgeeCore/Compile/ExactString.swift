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
        lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        var copy = value
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
