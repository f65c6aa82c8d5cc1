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

    init(program: Program, singles: [SingleContext]) {
        self.program = program
        slotCount = program.attributeNames.count
        positions = .allocate(capacity: max(singles.count * slotCount, 1))
        positions.initialize(repeating: -1)
        guard slotCount > 0 else { return }
        for (i, single) in singles.enumerated() {
            for (position, name) in single.table.names.enumerated() {
                guard let slot = program.attributeSlots.position(of: name) else { continue }
                positions[i * slotCount + slot] = Int32(position)
            }
        }
    }

    deinit {
        positions.deallocate()
    }
}
