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
        ExactString.withBytes(of: string) { combine($0) }
    }

    /// Feeds the UTF-8 bytes of `string`.
    @inlinable
    package mutating func combine(_ string: Substring) {
        ExactString.withBytes(of: string) { combine($0) }
    }

    /// Feeds `value` in decimal (`-42`), without building a string.
    @inlinable
    package mutating func combineDecimal(_ value: Int64) {
        // The digits are written backwards into a stack buffer (20 digits and a sign fit any
        // Int64) and fed at once, so that the hash takes whole blocks instead of single bytes.
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { bytes in
            // Magnitude as UInt64 so that Int64.min does not overflow.
            var magnitude = value.magnitude
            var start = bytes.count
            repeat {
                start &-= 1
                bytes[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start &-= 1
                bytes[start] = UInt8(ascii: "-")
            }
            combine(UnsafeRawBufferPointer(rebasing: bytes[start...]))
        }
    }
}
