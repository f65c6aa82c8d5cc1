#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import BurgeeCore

extension DefinitionsPayload {
    /// Definitions as JSON bytes in `Data` (a file's contents, an HTTP body), of `format` or
    /// (`nil`) of the format their shape shows; the same as ``json(_:format:)-([UInt8],_)``.
    public static func json(_ data: Data, format: DefinitionsFormat? = nil) -> DefinitionsPayload {
        .json(Array(data), format: format)
    }
}
