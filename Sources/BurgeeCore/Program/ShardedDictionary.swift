/// A dictionary stored in 64 shards by key hash, so that a copy with one entry changed copies one
/// shard and the list of shards, not every entry.
///
/// ``ChunkedArray``'s counterpart for what programs keep by key (``ProgramDependencies``): a
/// program relinked for one flag shares every shard but the flag's with the program before it.
/// Iteration visits shard after shard, in no particular order, as a `Dictionary`'s does.
package struct ShardedDictionary<Key: Hashable, Value>: Sequence {
    private static var shardCount: Int { 64 }

    private var shards: [[Key: Value]]

    /// An empty dictionary.
    package init() {
        shards = Array(repeating: [:], count: Self.shardCount)
    }

    @inline(__always)
    private static func shard(of key: Key) -> Int { key.hashValue & (shardCount - 1) }

    package subscript(key: Key) -> Value? {
        get { shards[Self.shard(of: key)][key] }
        set { shards[Self.shard(of: key)][key] = newValue }
    }

    /// The value of `key`, or `defaultValue` stored and returned for mutation when absent.
    package subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { shards[Self.shard(of: key)][key] ?? defaultValue() }
        _modify { yield &shards[Self.shard(of: key)][key, default: defaultValue()] }
    }

    /// How many entries it holds.
    package var count: Int { shards.reduce(0) { $0 + $1.count } }

    package func makeIterator() -> FlattenSequence<[[Key: Value]]>.Iterator {
        shards.joined().makeIterator()
    }
}

extension ShardedDictionary: Sendable where Key: Sendable, Value: Sendable {}
