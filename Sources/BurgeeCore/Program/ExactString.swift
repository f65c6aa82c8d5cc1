/// String equality by UTF-8 bytes (Unicode scalars, no normalisation).
///
/// Swift's `String ==` treats canonically equivalent strings as equal ("é" == "e\u{301}"); flag keys,
/// context keys and `in` values must not, so that every SDK reading the same definitions agrees.
@usableFromInline
enum ExactString {
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

    /// Byte equality, reading eight bytes at a time (short runs in one or two overlapping words).
    @inlinable @inline(__always)
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let n = a.count
        guard n == b.count else { return false }
        if n >= 8 {
            var i = 0
            while n &- i > 8 {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) {
                    return false
                }
                i &+= 8
            }
            return a.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
        }
        if n >= 4 {
            return a.loadUnaligned(fromByteOffset: 0, as: UInt32.self) == b.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
        }
        var i = 0
        while i < n {
            if a[i] != b[i] { return false }
            i &+= 1
        }
        return true
    }

    /// Calls `body` with `string`'s UTF-8 bytes, read in place when the string is native (or
    /// small): unlike `var copy = string; copy.withUTF8`, no copy to retain and release.
    @inlinable @inline(__always)
    static func withBytes<R>(of string: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        var copy = string
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// The same for a substring: its UTF-8 bytes, read in place when its base is native (or small).
    @inlinable @inline(__always)
    static func withBytes<R>(of string: Substring, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return result }
        var copy = string
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
