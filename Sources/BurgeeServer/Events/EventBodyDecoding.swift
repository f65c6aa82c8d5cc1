import BurgeeCore
import CompressNIO
import NIOCore

/// Reads a `POST /events` body: its content coding, its size before and after decoding, and its shape.
enum EventBodyDecoding {
    /// Why a body was refused.
    enum Failure: Error, Equatable {
        /// A `Content-Encoding` the server does not decode (415).
        case unsupportedEncoding(String)
        /// More than the limit, as received or once decoded (413).
        case tooLarge
        /// Not a gzip stream, a truncated one, or one followed by other bytes (400).
        case corruptEncoding(String)
        /// Not a JSON object with an `events` array (400).
        case invalidBatch(String)
    }

    /// The content codings a request names, in order, without `identity`.
    enum Coding: Equatable {
        case identity
        case gzip
    }

    /// The coding of a request whose `Content-Encoding` values are `values`.
    static func coding(_ values: [String], acceptsGzip: Bool) throws(Failure) -> Coding {
        let codings = values.flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: " \t").lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        if codings.isEmpty { return .identity }
        // `x-gzip` is the old name of gzip (RFC 9110 §8.4.1.3).
        if acceptsGzip, codings.count == 1, codings[0] == "gzip" || codings[0] == "x-gzip" { return .gzip }
        throw .unsupportedEncoding(values.joined(separator: ", "))
    }

    /// The decoded body, refused as soon as it grows past `limit`, so a small gzip of a huge body
    /// is never held whole.
    static func decode(_ body: ByteBuffer, coding: Coding, limit: Int) throws(Failure) -> [UInt8] {
        switch coding {
        case .identity: return Array(body.readableBytesView)
        case .gzip: return try gunzip(body, limit: limit)
        }
    }

    /// Checks that `bytes` are a JSON object with an `events` array: the batch shape of docs/events.md.
    static func validateBatch(_ bytes: [UInt8]) throws(Failure) {
        let json: JSONValue
        do {
            // The size was checked already; the depth limit is the parser's default.
            json = try JSONParser(limits: .init(maxBytes: max(bytes.count, 1))).parse(bytes)
        } catch {
            throw .invalidBatch("the body is not JSON: \(error)")
        }
        guard json.objectValue?["events"]?.arrayValue != nil else {
            throw .invalidBatch("the body is not a JSON object with an 'events' array")
        }
    }

    private static let window = 64 << 10

    private static func gunzip(_ body: ByteBuffer, limit: Int) throws(Failure) -> [UInt8] {
        guard body.readableBytes > 0 else { throw .corruptEncoding("the gzip body is empty") }
        var input = body
        var output: [UInt8] = []
        do {
            let decompressor = try ZlibDecompressor(algorithm: .gzip)
            var window = ByteBufferAllocator().buffer(capacity: limit < Self.window ? limit + 1 : Self.window)
            while true {
                window.clear()
                var full = false
                do {
                    try decompressor.inflate(from: &input, to: &window)
                } catch let error as CompressNIOError where error == .bufferOverflow {
                    full = true
                }
                output.append(contentsOf: window.readableBytesView)
                guard output.count <= limit else { throw Failure.tooLarge }
                if !full { break }
            }
            // `inflate` returns both at the end of the stream and when the input ran out before it.
            // Bytes left over can only follow the end; with none left, one more call with no input
            // tells them apart (it reports the missing input when the stream is unfinished).
            guard input.readableBytes == 0 else { throw Failure.corruptEncoding("bytes follow the gzip stream") }
            var nothing = ByteBufferAllocator().buffer(capacity: 16)
            window.clear()
            try decompressor.inflate(from: &nothing, to: &window)
            guard window.readableBytes == 0 else { throw Failure.corruptEncoding("bytes follow the gzip stream") }
        } catch let failure as Failure {
            throw failure
        } catch let error as CompressNIOError where error == .inputBufferOverflow {
            throw .corruptEncoding("the gzip stream is truncated")
        } catch {
            throw .corruptEncoding("the body is not valid gzip (\(error))")
        }
        return output
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let isTrimmed: (Character) -> Bool = { set.contains($0) }
        guard let start = firstIndex(where: { !isTrimmed($0) }), let end = lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(self[start...end])
    }
}
