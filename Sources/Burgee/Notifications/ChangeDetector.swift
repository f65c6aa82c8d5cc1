import BurgeeCore

/// Finds the flags whose evaluation could differ between two snapshots.
enum ChangeDetector {
    /// Changed flags (visible in either snapshot) and changed segments, each sorted.
    ///
    /// A flag changed when it was added, removed or its definition differs, or when it uses —
    /// through segment matches, nested segments or prerequisites, in either snapshot — a
    /// segment or flag that changed.
    static func changes(from old: Snapshot?, to new: Snapshot) -> (flags: [String], segments: [String]) {
        let before = old?.document ?? DefinitionsDocument()
        let after = new.document

        let segmentKeys = Set(before.segments.keys).union(after.segments.keys)
        let changedSegments = Set(segmentKeys.filter { before.segments[$0] != after.segments[$0] })

        let flagKeys = Set(before.flags.keys).union(after.flags.keys)
        var changed = Set(flagKeys.filter { before.flags[$0] != after.flags[$0] })

        // Segments reaching a changed segment, through nested segment matches, count as changed for flags.
        var segmentUsers: [String: Set<String>] = [:]
        for document in [before, after] {
            for (key, segment) in document.segments {
                for used in segment.rules.flatMap({ $0.clauses }).flatMap(segmentReferences) {
                    segmentUsers[used, default: []].insert(key)
                }
            }
        }
        let affectedSegments = closure(of: changedSegments, along: segmentUsers)

        // Flags using an affected segment, or (transitively) a changed flag as a prerequisite.
        var flagUsers: [String: Set<String>] = [:]
        for document in [before, after] {
            for (key, flag) in document.flags {
                if flag.rules.flatMap({ $0.clauses }).flatMap(segmentReferences).contains(where: affectedSegments.contains) {
                    changed.insert(key)
                }
                for prerequisite in flag.prerequisites { flagUsers[prerequisite.flag, default: []].insert(key) }
            }
        }
        changed = closure(of: changed, along: flagUsers)

        let visible = changed.filter { key in
            (old.map { $0.flagDefinition(key) != nil } ?? false) || new.flagDefinition(key) != nil
        }
        return (visible.sorted(), changedSegments.sorted())
    }

    private static func segmentReferences(_ clause: ClauseDefinition) -> [String] {
        clause.op == "segmentMatch" ? clause.values.compactMap(\.stringValue) : []
    }

    /// `start` and everything that reaches it along `users` edges.
    private static func closure(of start: Set<String>, along users: [String: Set<String>]) -> Set<String> {
        var result = start
        var pending = Array(start)
        while let key = pending.popLast() {
            for user in users[key] ?? [] where result.insert(user).inserted { pending.append(user) }
        }
        return result
    }
}
