/// An incremental hash fed bytes: what the bucketing families share, so that strings and
/// decimal integers are fed the same way whatever the hash.
package protocol ByteHasher {
    /// Feeds one byte.
    mutating func combine(_ byte: UInt8)
    /// Feeds raw bytes.
    mutating func combine(_ bytes: UnsafeRawBufferPointer)
}

extension ByteHasher {
    /// Feeds the UTF-8 bytes of `string`.
    @inlinable
    package mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// Feeds the UTF-8 bytes of `string`.
    @inlinable
    package mutating func combine(_ string: Substring) {
        var string = string
        string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
    }

    /// Feeds `value` in decimal (`-42`), without building a string.
    @inlinable
    package mutating func combineDecimal(_ value: Int64) {
        // Magnitude as UInt64 so that Int64.min does not overflow.
        var magnitude = value.magnitude
        if value < 0 { combine(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor &*= 10 }
        while divisor > 0 {
            combine(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }
}
