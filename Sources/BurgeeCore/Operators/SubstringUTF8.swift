extension Substring {
    /// Runs `body` over the UTF-8 bytes in place; the value parsers read attribute values with it at
    /// evaluation time, so it must not copy. Only bridged, non-UTF-8 strings (never on Linux) are copied.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(self)
        return copy.withUTF8(body)
    }
}
