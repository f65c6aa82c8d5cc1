/// Whether a string is shaped as a full semantic version: three runs of ASCII digits separated by
/// dots, then the end, or `-` or `+` followed by anything but a line feed. Exactly the strings that
/// ``PortableRegex`` finds with `^[0-9]+\.[0-9]+\.[0-9]+([-+].*)?$` (inputs up to
/// ``PortableRegex/maxInputLength`` scalars), scanned in place: a version constraint tests this
/// shape on every evaluation, where the general automaton cost thousands of instructions.
enum VersionShapeOperator {
    @inline(__always)
    static func matches(_ value: JSONValue) -> Bool {
        guard case .string(let text) = value, PortableRegex.isWithinInputLength(text) else { return false }
        return text[...].withUTF8Bytes { hasShape($0) }
    }

    static func hasShape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        for part in 0..<3 {
            let start = i
            while i < bytes.count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            if i == start { return false }
            if part < 2 {
                guard i < bytes.count, bytes[i] == UInt8(ascii: ".") else { return false }
                i += 1
            }
        }
        if i == bytes.count { return true }
        guard bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") else { return false }
        return !bytes[(i + 1)...].contains(UInt8(ascii: "\n"))
    }
}
