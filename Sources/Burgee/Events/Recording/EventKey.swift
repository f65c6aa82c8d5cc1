/// The rule for custom event keys: `^[a-zA-Z0-9][-_.:a-zA-Z0-9]{0,79}$`.
enum EventKey {
    static func isValid(_ key: String) -> Bool {
        let bytes = key.utf8
        guard (1...80).contains(bytes.count) else { return false }
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
                if i == 0 { return false }
            default:
                return false
            }
        }
        return true
    }
}
