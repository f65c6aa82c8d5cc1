/// Where a prepared context's attributes sit, by the slots of one program
/// (``Program/attributeNames``): the evaluator reads an attribute at its slot instead of looking
/// its name up in every test.
///
/// Immutable; it keeps its program alive, so that a program compared by identity is never a new
/// one at the address of a freed one. The positions are in memory of its own, so that an
/// evaluation borrows them with one pointer read, without a closure around the evaluation.
///
/// `@unchecked Sendable` is sound: the memory is written only in `init`, before the object is
/// shared, and freed only in `deinit`, when no reference (hence no reader) remains.
final class PreparedAttributes: @unchecked Sendable {
    /// The program whose slots ``positions`` are for.
    let program: Program
    let slotCount: Int
    /// For single context `i` and slot `s`, at `i * slotCount + s`: the attribute's position in
    /// that context's ``AttributeTable``, or -1 when the context has no such attribute.
    let positions: UnsafeMutableBufferPointer<Int32>
    /// Parallel to ``positions``: the values parsed as the slots' tests read them
    /// (``Program/attributeParses``); `nil` when no test of the program parses a value.
    let parsed: UnsafeMutableBufferPointer<ParsedAttribute>?

    init(program: Program, singles: [SingleContext]) {
        self.program = program
        let slotCount = program.attributeNames.count
        self.slotCount = slotCount
        let count = singles.count * slotCount
        positions = .allocate(capacity: max(count, 1))
        positions.initialize(repeating: -1)
        let parses = program.attributeParses
        let parsing = parses.contains { !$0.isEmpty }
        parsed = parsing ? .allocate(capacity: max(count, 1)) : nil
        parsed?.initialize(repeating: .unparsed)
        guard slotCount > 0 else { return }
        for (i, single) in singles.enumerated() {
            for (position, name) in single.table.names.enumerated() {
                guard let slot = program.attributeSlots.position(of: name) else { continue }
                positions[i * slotCount + slot] = Int32(position)
                if let parsed, !parses[slot].isEmpty {
                    parsed[i * slotCount + slot] = ParsedAttribute(single.table.values[position], parses[slot])
                }
            }
        }
    }

    deinit {
        positions.deallocate()
        if let parsed {
            parsed.deinitialize()
            parsed.deallocate()
        }
    }
}
