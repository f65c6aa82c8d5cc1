@testable import BurgeeCore

/// Definitions bytes of any format → snapshot → every flag evaluated for rich contexts, and explained.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDefinitions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let snapshot = try? Snapshot(jsonBytes: bytes, format: nil) else { return 0 }
    _ = snapshot.problems.count
    for key in snapshot.flagKeys.prefix(64) {
        for (index, context) in FuzzContexts.all.enumerated() {
            let (defaultValue, type) = FuzzContexts.defaults[index % FuzzContexts.defaults.count]
            let detail = snapshot.evaluate(key, context: context, default: defaultValue, as: type)
            _ = detail.reason
        }
        _ = snapshot.explain(key, context: FuzzContexts.all[0]).steps.count
        // A format whose contexts are replayed visitors: one with every kind of data, for this flag.
        if snapshot.format == .kameleoon {
            _ = snapshot.evaluate(key, context: Context(kameleoonJSON: FuzzContexts.kameleoonVisitor, flag: key, snapshot: snapshot)).reason
        }
    }
    return 0
}

/// Nothing beyond the contexts to prepare.
enum FuzzFixtures {
    static func prepare() {}
}
