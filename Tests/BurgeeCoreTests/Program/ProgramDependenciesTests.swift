@testable import BurgeeCore
import Testing

@Suite("program dependencies")
struct ProgramDependenciesTests {
    @Test("a sharded dictionary reads, writes and iterates as a dictionary does; a copy keeps its entries")
    func shardedDictionary() {
        var generator = SystemRandomNumberGenerator()
        var sharded = ShardedDictionary<String, Int>()
        var plain: [String: Int] = [:]
        var copies: [(ShardedDictionary<String, Int>, [String: Int])] = []
        for step in 0..<3_000 {
            let key = "k\(Int.random(in: 0..<500, using: &generator))"
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: sharded[key] = nil; plain[key] = nil
            case 1: sharded[key, default: 0] += 1; plain[key, default: 0] += 1
            default: sharded[key] = step; plain[key] = step
            }
            if step % 500 == 0 { copies.append((sharded, plain)) }
        }
        for (copy, expected) in copies + [(sharded, plain)] {
            #expect(copy.count == expected.count)
            #expect(Dictionary(uniqueKeysWithValues: copy.map { ($0.key, $0.value) }) == expected)
            for (key, value) in expected { #expect(copy[key] == value) }
        }
        #expect(sharded["absent"] == nil)
        #expect(sharded["absent", default: 7] == 7)
    }

    @Test("after every update, each use has its user, and each user its use; an earlier copy is unchanged")
    func usersFollowUses() {
        var generator = SystemRandomNumberGenerator()
        let info = FlagInfo(version: 1, trackEvents: false, sets: [], metadata: [:], variables: [])
        func flag(_ key: String) -> FlagDraft {
            var draft = FlagDraft(key: key, path: .root, enabled: true, variations: [], offVariation: nil,
                                  fallthrough: nil, info: info)
            func some(_ prefix: String) -> [String] {
                (0..<Int.random(in: 0..<4, using: &generator)).map { _ in "\(prefix)\(Int.random(in: 0..<12, using: &generator))" }
            }
            draft.inlined = (some("s"), some("f"))
            return draft
        }
        var dependencies = ProgramDependencies(flags: (0..<12).map { flag("f\($0)") }, segments: [])
        var snapshots: [(ProgramDependencies, [String: ([String], [String])])] = []
        var expected: [String: ([String], [String])] = [:]
        for (key, used) in dependencies.flagSegments { expected[key, default: ([], [])].0 = used }
        for (key, used) in dependencies.flagPrerequisites { expected[key, default: ([], [])].1 = used }
        for step in 0..<400 {
            let draft = flag("f\(Int.random(in: 0..<12, using: &generator))")
            dependencies.update(draft)
            expected[draft.key] = (draft.inlined.segments, draft.inlined.flags)
            if step % 50 == 0 { snapshots.append((dependencies, expected)) }
        }
        for (graph, uses) in snapshots + [(dependencies, expected)] {
            for (key, (segments, flags)) in uses {
                #expect((graph.flagSegments[key] ?? []) == segments)
                #expect((graph.flagPrerequisites[key] ?? []) == flags)
                for segment in segments { #expect(graph.segmentUsers[segment]?.filter { $0 == key }.count == 1) }
                for used in flags { #expect(graph.flagUsers[used]?.filter { $0 == key }.count == 1) }
            }
            for (segment, users) in graph.segmentUsers {
                #expect(!users.isEmpty)
                for user in users { #expect(uses[user]?.0.contains(segment) == true) }
            }
            for (used, users) in graph.flagUsers {
                #expect(!users.isEmpty)
                for user in users { #expect(uses[user]?.1.contains(used) == true) }
            }
        }
    }
}
