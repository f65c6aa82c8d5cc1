@testable import BurgeeCore

/// A definitions stream's bytes, cut into chunks where the input says, through the SSE parser;
/// `put` events replace the definitions, `patch` and `delete` events patch them, and every
/// result is compiled, as the streaming source does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte chooses the chunk size, so that lines and CRLFs split across chunks.
    let chunk = Int(bytes[0] % 17) + 1
    var parser = ServerSentEventParser(maxEventBytes: 1 << 16)
    var held: CurrentDefinitions?
    var offset = 1
    while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        guard let events = try? parser.parse(bytes[offset..<end]) else { return 0 }
        offset = end
        for event in events {
            switch event.name {
            case "put":
                if let json = try? JSONValue(parsing: event.data), let read = try? CurrentDefinitions(json: json, format: nil) {
                    held = read
                }
            case "patch", "delete":
                guard var current = held,
                      let patch = try? DefinitionsPatch(event: event.name, data: event.data, limits: .default) else { continue }
                if current.apply(patch) {
                    held = current
                    _ = current.json
                }
            default:
                continue
            }
            if let definitions = held?.definitions {
                let snapshot = Snapshot(compiling: definitions)
                for key in snapshot.flagKeys.prefix(16) {
                    _ = snapshot.evaluate(key, context: FuzzContexts.all[0])
                }
            }
        }
    }
    return 0
}

/// Nothing beyond the contexts to prepare.
enum FuzzFixtures {
    static func prepare() {}
}
