/// Redis replies read from arbitrary bytes, as a connection would deliver them (compiled with
/// `Sources/BurgeeRedis/RESP/*.swift` alone). Every reply read from the front is read again, the
/// same, from exactly its own bytes; and from any shorter prefix it is incomplete or refused,
/// never another reply. The limits are small so that refusals are reached.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRESP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let parser = RESPParser(limits: RESPLimits(maxBulkBytes: 4096, maxElements: 1024, maxDepth: 32, maxLineBytes: 1024))
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var replies = 0
    while !bytes.isEmpty, replies < 64 {
        guard let read = try? parser.parse(bytes) else { return 0 }
        precondition(read.consumed > 0 && read.consumed <= bytes.count, "a reply took \(read.consumed) of \(bytes.count) bytes")
        let own = Array(bytes[..<read.consumed])
        let again = try? parser.parse(own)
        precondition(again?.consumed == read.consumed, "a reply read again from its own bytes took other bytes")
        precondition(sameReply(again!.value, read.value), "a reply read again from its own bytes differs")
        // A prefix one byte short, and one halfway, hold only part of it.
        for cut in [read.consumed - 1, read.consumed / 2] where cut >= 0 {
            if let early = try? parser.parse(Array(bytes[..<cut])) {
                preconditionFailure("a prefix of \(cut) bytes read as a reply of \(early.consumed)")
            }
        }
        bytes.removeFirst(read.consumed)
        replies += 1
    }
    return 0
}

/// Equality in which NaN equals NaN: a double reply of `nan` reads as itself.
private func sameReply(_ a: RESPValue, _ b: RESPValue) -> Bool {
    switch (a, b) {
    case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
    case (.array(let x), .array(let y)), (.set(let x), .set(let y)), (.push(let x), .push(let y)):
        return x.count == y.count && zip(x, y).allSatisfy(sameReply)
    case (.map(let x), .map(let y)):
        return x.count == y.count && zip(x, y).allSatisfy { sameReply($0.key, $1.key) && sameReply($0.value, $1.value) }
    default: return a == b
    }
}
