import BurgeeCore
import CompressNIO
import Foundation
import NIOCore

/// A flag or rule-based segment carried in a `SPLIT_UPDATE` or `RB_SEGMENT_UPDATE` notification:
/// `d`, its JSON in base64, compressed as `c` says (0 none, 1 gzip, 2 zlib), as Split's SDKs read it.
///
/// Kept as sent and decoded only when the sync loop applies it: a notification whose item cannot
/// be read is fetched instead, never dropped.
struct SplitPushedItem: Sendable, Equatable {
    /// `c`: 0 none, 1 gzip, 2 zlib; any other value cannot be read.
    let compression: Int64
    /// `d` as sent.
    let data: String

    /// The item of a notification's members; `nil` without `c` (Split's SDKs then fetch) or `d`.
    init?(_ members: [String: JSONValue]) {
        guard let compression = members["c"]?.int64Value, let data = members["d"]?.stringValue else { return nil }
        self.compression = compression
        self.data = data
    }

    init(compression: Int64, data: String) {
        self.compression = compression
        self.data = data
    }

    /// The item: a JSON object with a `name`. Throws, saying why, when it cannot be read.
    func decoded(limits: JSONLimits) throws(SplitAnswerError) -> (name: String, json: JSONValue) {
        guard let bytes = Data(base64Encoded: data) else { throw SplitAnswerError(reason: "'d' is not base64") }
        let text: [UInt8]
        switch compression {
        case 0: text = Array(bytes)
        case 1: text = try Self.inflate(bytes, .gzip, limit: limits.maxBytes)
        case 2: text = try Self.inflate(bytes, .zlib, limit: limits.maxBytes)
        default: throw SplitAnswerError(reason: "unknown compression \(compression)")
        }
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(text) } catch {
            throw SplitAnswerError(reason: "'d' is not JSON: \(error)")
        }
        guard let name = json.objectValue?["name"]?.stringValue else {
            throw SplitAnswerError(reason: "'d' is not an object with a name")
        }
        return (name, json)
    }

    private static func inflate(_ bytes: Data, _ algorithm: ZlibAlgorithm, limit: Int) throws(SplitAnswerError) -> [UInt8] {
        var buffer = ByteBuffer(bytes: bytes)
        do {
            let inflated = try buffer.decompress(with: algorithm, maxSize: limit)
            return Array(inflated.readableBytesView)
        } catch {
            throw SplitAnswerError(reason: "'d' is not valid \(algorithm == .gzip ? "gzip" : "zlib") (\(error))")
        }
    }
}
