#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BurgeeCore

extension EventBatch {
    /// Reads a batch from its JSON form in `Data` (an HTTP body); the same as
    /// ``init(jsonBytes:limits:)``.
    /// - Throws: `EventBatchFormatError` when the JSON is malformed or does not follow the schema.
    package init(jsonData: Data, limits: JSONLimits = .default) throws(EventBatchFormatError) {
        try self.init(jsonBytes: Array(jsonData), limits: limits)
    }
}
