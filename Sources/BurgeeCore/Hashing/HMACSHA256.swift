/// HMAC-SHA256 (RFC 2104), for secure modes where a server vouches for a key to a client-side
/// SDK's service. Not on an evaluation's path.
package enum HMACSHA256 {
    /// SHA-256's block size in bytes: keys are padded (or first hashed) to it.
    private static let blockSize = 64

    /// The authentication code of `message` under `key`.
    package static func code(key: some Collection<UInt8>, message: some Collection<UInt8>) -> SHA256.Digest {
        var block = [UInt8](repeating: 0, count: blockSize)
        if key.count > blockSize {
            var hasher = SHA256()
            Array(key).withUnsafeBytes { hasher.combine($0) }
            for (i, byte) in hasher.finalize().bytes.enumerated() { block[i] = byte }
        } else {
            for (i, byte) in key.enumerated() { block[i] = byte }
        }
        var inner = SHA256()
        block.map { $0 ^ 0x36 }.withUnsafeBytes { inner.combine($0) }
        Array(message).withUnsafeBytes { inner.combine($0) }
        var outer = SHA256()
        block.map { $0 ^ 0x5C }.withUnsafeBytes { outer.combine($0) }
        inner.finalize().bytes.withUnsafeBytes { outer.combine($0) }
        return outer.finalize()
    }
}

extension SHA256.Digest {
    /// The digest's 32 bytes, in order.
    package var bytes: [UInt8] {
        withUnsafeBytes(of: words) { raw in
            (0..<32).map { i in
                UInt8(truncatingIfNeeded: raw.load(fromByteOffset: 4 * (i / 4), as: UInt32.self) >> UInt32(24 - 8 * (i % 4)))
            }
        }
    }
}
