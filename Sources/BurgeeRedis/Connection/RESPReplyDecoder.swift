import NIOCore

/// The reply parser as a swift-nio decoder: one ``RESPValue`` per reply, as its bytes complete.
struct RESPReplyDecoder: NIOSingleStepByteToMessageDecoder {
    typealias InboundOut = RESPValue

    let parser: RESPParser

    mutating func decode(buffer: inout ByteBuffer) throws -> RESPValue? {
        let parser = self.parser
        let read = try buffer.withUnsafeReadableBytes { (bytes) throws(RESPError) in try parser.parse(bytes) }
        guard let (value, used) = read else { return nil }
        buffer.moveReaderIndex(forwardBy: used)
        return value
    }

    mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> RESPValue? {
        try decode(buffer: &buffer)
    }
}
