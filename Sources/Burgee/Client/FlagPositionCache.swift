import BurgeeCore
import Synchronization

/// A flag's position in the client state it was last looked up in, for a flag handle: one
/// atomic word holding the state's generation (high 40 bits) and the position + 1 (low 24 bits;
/// 0: none). A reader whose state has that generation uses the position without looking the key
/// up; any other state looks it up and stores it. The word is read and written whole, so a
/// reader never pairs one state's generation with another's position, and relaxed ordering is
/// enough: a stale word only costs a lookup.
@usableFromInline
package final class FlagPositionCache: Sendable {
    private static let positionBits: UInt64 = 24
    private static let positionMask: UInt64 = (1 << positionBits) - 1
    private static let generationMask: UInt64 = (1 << (64 - positionBits)) - 1

    private let word = Atomic<UInt64>(0)

    package init() {}

    /// The flag `key`'s position in `state`'s snapshot; `nil` without a snapshot or such a flag.
    @inline(__always)
    package func position(in state: ClientState, of key: String) -> FlagPosition? {
        let generation = state.generation & Self.generationMask
        let cached = word.load(ordering: .relaxed)
        if cached >> Self.positionBits == generation, cached & Self.positionMask != 0 {
            return FlagPosition(Int(cached & Self.positionMask) - 1)
        }
        return resolve(state, key, generation)
    }

    /// The lookup, out of line: it runs once per state.
    @inline(never)
    private func resolve(_ state: ClientState, _ key: String, _ generation: UInt64) -> FlagPosition? {
        guard let position = state.snapshot?.position(ofFlag: key) else { return nil }
        if UInt64(position.index) + 1 < Self.positionMask {
            word.store(generation << Self.positionBits | (UInt64(position.index) + 1), ordering: .relaxed)
        }
        return position
    }
}
