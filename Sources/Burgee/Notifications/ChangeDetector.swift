import BurgeeCore

/// Finds the flags whose evaluation could differ between two snapshots.
enum ChangeDetector {
    /// Changed flags (visible in either snapshot) and changed segments, each sorted.
    ///
    /// A flag changed when it was added, removed or its definition differs, or when it uses —
    /// through segment matches, nested segments or prerequisites, in either snapshot — a
    /// segment or flag that changed.
    ///
    /// With `touched`, only those items can differ (a patch's): the others are not compared.
    static func changes(from old: Snapshot?, to new: Snapshot,
                        touched: (flags: [String], segments: [String])? = nil) -> (flags: [String], segments: [String]) {
        let before = old?.source ?? .native(DefinitionsDocument())
        let after = new.source

        let segmentKeys = touched.map { Set($0.segments) } ?? before.segmentKeys.union(after.segmentKeys)
        let changedSegments = Set(segmentKeys.filter { !before.sameSegment($0, as: after) })

        let flagKeys = touched.map { Set($0.flags) } ?? before.flagKeys.union(after.flagKeys)
        var changed = Set(flagKeys.filter { !before.sameFlag($0, as: after) })

        let dependencies = [old?.dependencies, new.dependencies].compactMap { $0 }
        // Segments reaching a changed segment, through nested segment matches, count as changed for flags.
        let affectedSegments = closure(of: changedSegments, uses: dependencies.map(\.segmentSegments))

        // Flags using an affected segment, or (transitively) a changed flag as a prerequisite.
        if !affectedSegments.isEmpty {
            for graph in dependencies {
                for (key, used) in graph.flagSegments where used.contains(where: affectedSegments.contains) {
                    changed.insert(key)
                }
            }
        }
        changed = closure(of: changed, uses: dependencies.map(\.flagPrerequisites))

        let visible = changed.filter { key in
            (old.map { $0.position(ofFlag: key) != nil } ?? false) || new.position(ofFlag: key) != nil
        }
        return (visible.sorted(), changedSegments.sorted())
    }

    /// `start` and every key that uses one of it (in any of `graphs`), transitively. A change
    /// usually reaches few keys: passes over the edges until one adds nothing cost less than an
    /// index of users; past a few passes (a long chain), the index is built.
    private static func closure(of start: Set<String>, uses graphs: [[String: [String]]]) -> Set<String> {
        var result = start
        guard !result.isEmpty else { return result }
        for _ in 0..<4 {
            var grew = false
            for graph in graphs {
                for (key, used) in graph where !result.contains(key) && used.contains(where: result.contains) {
                    result.insert(key)
                    grew = true
                }
            }
            if !grew { return result }
        }
        var users: [String: Set<String>] = [:]
        for graph in graphs {
            for (key, used) in graph {
                for item in used { users[item, default: []].insert(key) }
            }
        }
        var pending = Array(result)
        while let key = pending.popLast() {
            for user in users[key] ?? [] where result.insert(user).inserted { pending.append(user) }
        }
        return result
    }
}
