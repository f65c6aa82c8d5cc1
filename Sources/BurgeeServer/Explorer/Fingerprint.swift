/// A short fingerprint of a text (FNV-1a, 64 bits, in hex): what the explorer compares to tell
/// that a flag changed; not a security measure.
enum Fingerprint {
    static func hex(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
