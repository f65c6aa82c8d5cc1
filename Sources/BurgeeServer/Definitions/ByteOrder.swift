/// Keys in the order of their UTF-8 bytes (Unicode scalar order), the order `JSONWriter` sorts
/// object members in: what the server lists items and flags in, whatever the format.
enum ByteOrder {
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

extension Sequence<String> {
    /// The keys in ``ByteOrder``.
    func sortedInByteOrder() -> [String] {
        sorted(by: ByteOrder.precedes)
    }
}
