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

    /// Byte equality over contiguous UTF-8 storage, eight bytes at a time: much cheaper than
    /// iterating two `UTF8View`s. Reads the strings in place (no copies) when they are native.
    @inlinable
    static func bytesEqual(_ a: String, _ b: String) -> Bool {
        let ua = a.utf8, ub = b.utf8
        guard ua.count == ub.count else { return false }
        if let result = ua.withContiguousStorageIfAvailable({ pa in
            ub.withContiguousStorageIfAvailable { pb in equal(UnsafeRawBufferPointer(pa), UnsafeRawBufferPointer(pb)) }
        }), let result { return result }
        var a = a, b = b
        return a.withUTF8 { pa in b.withUTF8 { pb in equal(UnsafeRawBufferPointer(pa), UnsafeRawBufferPointer(pb)) } }
    }

    @inlinable @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        if n == 0 || a.baseAddress == b.baseAddress { return true }
        var i = 0
        while n &- i >= 8 {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                return false
            }
            i &+= 8
        }
        while i < n {
            if a[i] != b[i] { return false }
            i &+= 1
        }
        return true
    }
}
