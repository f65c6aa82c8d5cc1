/// Unicode default lowercasing of an attribute into a stack buffer, for case-insensitive tests:
/// the same result as `String.lowercased()`, without allocating a string.
enum Lowercasing {
    /// Inputs up to this many UTF-8 bytes are lowercased on the stack; longer ones (rare in
    /// attributes) fall back to `String.lowercased()`.
    static let stackLimit = 1_024

    /// Calls `body` with the UTF-8 bytes of `string` lowercased, or returns `nil` when the string
    /// is longer than ``stackLimit``.
    @inline(__always)
    static func withLowercasedUTF8<R>(_ string: String, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        let count = string.utf8.count
        guard count <= stackLimit else { return nil }
        // A scalar's lowercase mapping is at most three scalars and never more than three times
        // as many UTF-8 bytes as the scalar itself.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * count + 4) { buffer in
            var n = 0
            // Native strings lend their bytes: a loop over a pointer, not the UTF-8 view's iterator.
            let ascii = string.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes {
                    guard byte < 0x80 else { return false }
                    buffer[n] = (byte &- 0x41) < 26 ? byte | 0x20 : byte
                    n &+= 1
                }
                return true
            } ?? false
            if !ascii {
                n = 0
                for scalar in string.unicodeScalars {
                    if scalar.isASCII {
                        let byte = UInt8(truncatingIfNeeded: scalar.value)
                        buffer[n] = (byte &- 0x41) < 26 ? byte | 0x20 : byte
                        n &+= 1
                        continue
                    }
                    for byte in scalar.properties.lowercaseMapping.utf8 {
                        buffer[n] = byte
                        n &+= 1
                    }
                }
            }
            return body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[0..<n])))
        }
    }
}
