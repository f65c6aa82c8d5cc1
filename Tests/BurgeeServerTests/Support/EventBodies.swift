import CompressNIO
import NIOCore

/// Bodies for `POST /events`: batches, and gzip streams of them.
enum EventBodies {
    /// `bytes` as a gzip stream.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        return Array(try input.compress(with: ZlibAlgorithm.gzip).readableBytesView)
    }

    /// A minimal event batch, padded with spaces to `size` bytes when given.
    static func batch(key: String = "k", size: Int? = nil) -> [UInt8] {
        let json = Array(#"{"schemaVersion":1,"events":[{"kind":"custom","key":"\#(key)"}]}"#.utf8)
        guard let size, size > json.count else { return json }
        return json + [UInt8](repeating: UInt8(ascii: " "), count: size - json.count)
    }
}
