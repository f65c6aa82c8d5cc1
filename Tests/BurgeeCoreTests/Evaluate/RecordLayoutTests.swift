@testable import BurgeeCore
import Testing

/// The hot path's records keep their sizes: an outcome of more than three words is returned
/// through memory, and a flag record past 40 bytes puts fewer flags in a cache line.
@Suite("record layouts")
struct RecordLayoutTests {
    @Test("an outcome is three words, a flag record 40 bytes")
    func sizes() {
        #expect(MemoryLayout<FlagOutcome>.size <= 16)
        #expect(MemoryLayout<EvaluationOutcome>.size <= 3 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<FlagCode>.stride == 40)
    }
}
