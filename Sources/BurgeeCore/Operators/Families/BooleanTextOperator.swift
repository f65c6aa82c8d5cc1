/// A boolean equal to the operand: a JSON boolean, or a string reading `true` or `false` in any
/// letter case, with JSON white space around it (Split's `EQUAL_TO_BOOLEAN`, which lowercases a
/// string and reads it as JSON).
package enum BooleanTextOperator {
    @inline(__always)
    static func matches(_ value: JSONValue, _ operand: Bool) -> Bool {
        switch value {
        case .bool(let b): return b == operand
        case .string(var s): return s.withUTF8 { read(UnsafeRawBufferPointer($0)) } == operand
        default: return false
        }
    }

    private static func read(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        var start = 0, end = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        func equals(_ word: StaticString) -> Bool {
            guard end - start == word.utf8CodeUnitCount else { return false }
            for i in 0..<(end - start) where bytes[start + i] | 0x20 != word.utf8Start[i] { return false }
            return true
        }
        if equals("true") { return true }
        if equals("false") { return false }
        return nil
    }
}
