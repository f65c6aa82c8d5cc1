import CompressNIO
import NIOCore

/// Gzips request bodies.
enum GzipEncoding {
    /// `bytes` as a gzip stream; `nil` if zlib fails, and the body then goes uncompressed.
    static func compress(_ bytes: [UInt8]) -> ByteBuffer? {
        var input = ByteBuffer(bytes: bytes)
        return try? input.compress(with: ZlibAlgorithm.gzip)
    }
}
