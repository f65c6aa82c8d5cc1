extension ProgramLinker {
    /// The program of `draft` made from `program` (linked from the same drafts but one) by laying
    /// out again only the flag at `index`, which was `old`; `nil` when the change reaches other
    /// flags and the whole draft must be linked.
    ///
    /// The other flags' records stay as linked when what they see of the flag is unchanged: its
    /// key and position, its variation keys (which their prerequisites and flag conditions
    /// resolve), the flags it evaluates (so cycles and chain depths are those already found),
    /// and whether it is usable in a chain. The replaced flag's records are appended; when what
    /// patches left behind outgrows a quarter of the program, the whole draft is linked again.
    static func relink(_ program: Program, _ draft: ProgramDraft, flagAt index: Int, was old: FlagDraft) -> Program? {
        let flags = draft.flags
        let new = flags[index]
        // Hidden flags and an empty key make the program's index differ from the linker's.
        guard program.hiddenFlags.isEmpty, program.flagIndex.count == flags.count, program.flagKeys.count == flags.count,
              program.flagKeys[index] == new.key, old.key == new.key, program.segmentKeys.count == draft.segments.count,
              old.unreadable == new.unreadable, old.variations.map(\.key) == new.variations.map(\.key)
        else { return nil }
        let flagIndex = program.flagIndex
        let segmentIndex = program.segmentIndex
        guard edges(of: old, flagIndex) == edges(of: new, flagIndex) else { return nil }
        func malformed(_ segment: Int) -> Bool { program.segments[segment].malformed }
        let oldFound = referenceProblems(of: old, flags, flagIndex, segmentIndex, segmentMalformed: malformed)
        let newFound = referenceProblems(of: new, flags, flagIndex, segmentIndex, segmentMalformed: malformed)
        func usable(_ flag: FlagDraft, _ found: [DefinitionProblem]) -> Bool {
            flag.fallthrough != nil && !(flag.hasErrors || found.contains { $0.severity == .error })
        }
        // Cycle and depth problems, recorded after the reference problems, stay as they were.
        let linked = program.flagProblems[index]
        let checked = old.problems.count + oldFound.count
        guard usable(old, oldFound) == usable(new, newFound), linked.count >= checked else { return nil }

        var laidOut = new
        laidOut.problems += newFound + linked[checked...]
        var builder = ProgramBuilder(continuing: program, flags: flags)
        builder.replace(laidOut, at: index, allFlags: flags)
        guard builder.size - program.linkedSize <= program.linkedSize / 4 + 64 else { return nil }

        var info = program.flagInfo
        info[index] = new.info
        var problems = program.flagProblems
        problems[index] = laidOut.problems
        var dependencies = program.dependencies
        dependencies.update(new)
        return builder.build(flagKeys: program.flagKeys, flagInfo: info, flagProblems: problems, hidden: [],
                             segmentKeys: program.segmentKeys, segmentProblems: program.segmentProblems, clock: draft.clock,
                             memberships: draft.segmentMemberships, externalConditions: draft.externalConditions, cycleError: draft.cycleError, dependencies: dependencies, reusingFlagIndex: flagIndex,
                             linkedSize: program.linkedSize)
    }
}
