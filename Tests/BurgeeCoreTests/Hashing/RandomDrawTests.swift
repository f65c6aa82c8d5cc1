@testable import BurgeeCore
import Testing

@Suite("random draws for random stickiness")
struct RandomDrawTests {
    @Test("draws spread evenly over 100 buckets, the way a random rollout buckets them")
    func uniform() {
        var counts = [Int](repeating: 0, count: 100)
        let draws = 200_000
        for _ in 0..<draws { counts[Int(RandomDraw.next() % 100)] += 1 }
        // Each bucket expects 2,000; a binomial deviation beyond ±300 (6.7 σ) fails.
        #expect(counts.min()! > 1_700 && counts.max()! < 2_300, "\(counts.min()!)...\(counts.max()!)")
        var chiSquare = 0.0
        for count in counts { chiSquare += Double((count - 2_000) * (count - 2_000)) / 2_000 }
        // 99 degrees of freedom: above 200 would happen by chance with probability below 1e-8.
        #expect(chiSquare < 200, "χ² = \(chiSquare)")
    }

    @Test("consecutive draws differ")
    func consecutiveDrawsDiffer() {
        var previous = RandomDraw.next()
        var repeats = 0
        for _ in 0..<10_000 {
            let next = RandomDraw.next()
            if next == previous { repeats += 1 }
            previous = next
        }
        #expect(repeats < 5)
    }

    @Test("a 50% random rollout through a snapshot passes about half of the evaluations")
    func halfOfTheEvaluations() throws {
        let features = #"{"version":2,"features":[{"name":"r","enabled":true,"strategies":[{"name":"gradualRolloutRandom","parameters":{"percentage":"50"}}]}]}"#
        let snapshot = try Snapshot(jsonBytes: Array(features.utf8), format: .unleash)
        let context = Context(unleashJSON: .object([:]))
        var on = 0
        for _ in 0..<20_000 where snapshot.evaluate("r", context: context).value == .bool(true) { on += 1 }
        #expect((9_000...11_000).contains(on), "\(on)")
    }
}
