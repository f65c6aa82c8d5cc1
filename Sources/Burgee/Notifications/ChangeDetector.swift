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
        let affectedSegments = closure(of: changedSegments, users: dependencies.map(\.nestingSegments))

        // Flags using an affected segment, or (transitively) a changed flag as a prerequisite.
        for segment in affectedSegments {
            for graph in dependencies { changed.formUnion(graph.segmentUsers[segment] ?? []) }
        }
        changed = closure(of: changed, users: dependencies.map(\.flagUsers))

        let visible = changed.filter { key in
            (old.map { $0.position(ofFlag: key) != nil } ?? false) || new.position(ofFlag: key) != nil
        }
        return (visible.sorted(), changedSegments.sorted())
    }

    /// `start` and every key that uses one of it (in any of `graphs` of users), transitively.
    private static func closure(of start: Set<String>, users graphs: [ShardedDictionary<String, [String]>]) -> Set<String> {
        var result = start
        var pending = Array(start)
        while let key = pending.popLast() {
            for graph in graphs {
                for user in graph[key] ?? [] where result.insert(user).inserted { pending.append(user) }
            }
        }
        return result
    }
}
