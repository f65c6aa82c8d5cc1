import Burgee
import BurgeeCore
import Foundation
import Testing

@Suite("Event batches from Data")
struct EventBatchDataTests {
    @Test("a batch reads from Data as from bytes, and refuses what bytes refuse")
    func readsData() throws {
        let batch = EventBatch(events: [.custom(CustomEvent(timestamp: 1, key: "k", contextKeys: ["user": "u"], value: 2))])
        #expect(try EventBatch(jsonData: Data(batch.jsonBytes)) == batch)
        #expect(try EventBatch(jsonData: Data(batch.jsonBytes)) == EventBatch(jsonBytes: batch.jsonBytes))
        #expect(throws: EventBatchFormatError.self) { try EventBatch(jsonData: Data(#"{"schemaVersion":2,"events":[]}"#.utf8)) }
    }
}
