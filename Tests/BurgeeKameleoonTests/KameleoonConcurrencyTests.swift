import Burgee
import BurgeeCore
import Testing
@testable import BurgeeKameleoon

/// Kameleoon's calls from several threads at once, for the same and for different visitors
/// (run under the thread sanitizer in CI): nothing a call adds or assigns is lost.
@Suite("Kameleoon concurrency")
struct KameleoonConcurrencyTests {
    @Test func callsForTheSameVisitorsFromManyTasksLoseNothing() async throws {
        let client = try await ClientHarness.ready(KameleoonDocuments.standard()) {
            $0.kameleoonVisitors = KameleoonVisitorLimits(maxVisitors: 10_000)
        }
        let visitors = 200
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for round in 0..<(visitors * 5) {
                        let code = "v\((round + task * 37) % visitors)"
                        // Half the tasks add data, the other half evaluate: both update the visitor.
                        if task % 2 == 0 {
                            try? client.kameleoon.addData(visitorCode: code, .pageView(url: "https://a.example/\(task)"))
                        } else {
                            _ = try? client.kameleoon.getVariation(visitorCode: code, featureKey: "ff_exp", track: false)
                        }
                    }
                }
            }
        }
        let store = client.kameleoonServices.visitors
        #expect(store.count == visitors)
        for index in 0..<visitors {
            let visitor = try #require(store.visitor("v\(index)", now: EventClock.systemWallMilliseconds()))
            // Every visitor had five pages added by each of tasks 0 and 2, and assignments from 1 and 3.
            #expect(visitor.assignments.map(\.experimentId) == [4102])
            #expect(visitor.pages.reduce(0) { $0 + $1.count } == 10, "\(visitor.pages)")
        }
        await client.close()
    }
}
