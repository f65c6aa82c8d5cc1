/// A streaming writer of RFC 8259 JSON that keeps members in the order the caller writes them.
///
/// Write exactly one top-level value, using ``beginObject()``/``endObject()`` with ``key(_:)``
/// before each member's value, and ``beginArray()``/``endArray()`` around elements. The writer
/// inserts commas, colons and, when pretty, newlines and indentation. Calls out of order (a
/// value in an object without a key, a key in an array, an unbalanced end, a second top-level
/// value) are programming errors and stop the program.
///
/// The text accumulates as UTF-8 in ``bytes``; ``output`` decodes it into a `String`.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("name"); writer.string("burgee")
/// writer.key("flags"); writer.int(3)
/// writer.endObject()
/// writer.output  // {"name":"burgee","flags":3}
/// ```
///
/// Strings escape only `"`, `\` and control characters below U+0020; `/` and non-ASCII text are
/// written as they are. An integer written as one is written exactly, however large; a double that
/// is integral and of magnitude below 2^53 is written without a fraction (`42`, and `0` for
/// `-0.0`); other finite numbers use Swift's shortest round-trip form
/// (`0.1`, `1e-05`, `1.5e+300`); infinities and NaN, which JSON cannot express, become `null`.
package struct JSONWriter: Sendable {
    /// An open container and how many elements or members it holds so far.
    private struct Container: Sendable {
        var isObject: Bool
        var count: Int
    }

    /// The JSON written so far, as UTF-8.
    package private(set) var bytes: [UInt8] = []

    /// The JSON written so far, as a string; decoded from ``bytes`` each time it is read.
    package var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether one complete top-level value has been written.
    package var isComplete: Bool { wroteTopLevel && open.isEmpty }

    private let pretty: Bool
    private var open: [Container] = []
    private var afterKey = false
    private var wroteTopLevel = false

    /// Creates an empty writer; `pretty` indents nested values by two spaces and writes `"key": value`.
    package init(pretty: Bool = false) {
        self.pretty = pretty
    }

    // MARK: Containers

    /// Opens an object; follow with ``key(_:)`` and a value per member, then ``endObject()``.
    package mutating func beginObject() {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
        open.append(Container(isObject: true, count: 0))
    }

    /// Closes the innermost object.
    package mutating func endObject() {
        precondition(open.last?.isObject == true, "JSONWriter.endObject() without a matching beginObject()")
        precondition(!afterKey, "JSONWriter.endObject() after key(_:) without a value")
        close(UInt8(ascii: "}"))
    }

    /// Opens an array; follow with its elements, then ``endArray()``.
    package mutating func beginArray() {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        open.append(Container(isObject: false, count: 0))
    }

    /// Closes the innermost array.
    package mutating func endArray() {
        precondition(open.last?.isObject == false, "JSONWriter.endArray() without a matching beginArray()")
        close(UInt8(ascii: "]"))
    }

    /// Writes a member's key in the innermost object; the next value written is that member's value.
    package mutating func key(_ k: String) {
        precondition(open.last?.isObject == true, "JSONWriter.key(_:) outside an object")
        precondition(!afterKey, "JSONWriter.key(_:) twice without a value")
        startEntry()
        writeString(k)
        bytes.append(UInt8(ascii: ":"))
        if pretty { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    // MARK: Values

    /// Writes a whole value; objects' keys are sorted by Unicode scalar when `sortedKeys` is true,
    /// and otherwise follow the dictionary's unspecified order.
    package mutating func value(_ v: JSONValue, sortedKeys: Bool = true) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let elements):
            beginArray()
            for element in elements { value(element, sortedKeys: sortedKeys) }
            endArray()
        case .object(let members):
            beginObject()
            if sortedKeys {
                // UTF-8 byte order is Unicode scalar order, and unlike String's `<` ignores normalisation.
                let names = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                for name in names {
                    key(name)
                    value(members[name]!, sortedKeys: true)
                }
            } else {
                for (name, member) in members {
                    key(name)
                    value(member, sortedKeys: false)
                }
            }
            endObject()
        }
    }

    /// Writes a string, escaping `"`, `\` and control characters.
    package mutating func string(_ s: String) {
        beforeValue()
        writeString(s)
    }

    /// Writes a number: an exact integer as its digits, a double as ``number(_:)-(Double)`` does.
    package mutating func number(_ n: JSONNumber) {
        switch n.storage {
        case .integer(let i):
            beforeValue()
            appendASCII(String(i))
        case .unsigned(let u):
            beforeValue()
            appendASCII(String(u))
        case .double(let d): number(d)
        }
    }

    /// Writes a number: integral values below 2^53 without a fraction, non-finite ones as `null`.
    package mutating func number(_ d: Double) {
        beforeValue()
        if !d.isFinite {
            appendASCII("null")
        } else if d.rounded(.towardZero) == d && d.magnitude < 9_007_199_254_740_992 {
            appendASCII(String(Int64(d)))  // also turns -0.0 into 0
        } else {
            appendASCII(d.description)
        }
    }

    /// Writes an integer exactly, even beyond 2^53.
    package mutating func int(_ i: Int) {
        beforeValue()
        appendASCII(String(i))
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ b: Bool) {
        beforeValue()
        appendASCII(b ? "true" : "false")
    }

    /// Writes `null`.
    package mutating func null() {
        beforeValue()
        appendASCII("null")
    }

    // MARK: Layout

    /// Emits whatever separates this value from the previous one and checks it is allowed here.
    private mutating func beforeValue() {
        guard let top = open.last else {
            precondition(!wroteTopLevel, "JSONWriter: only one top-level value may be written")
            wroteTopLevel = true
            return
        }
        if top.isObject {
            precondition(afterKey, "JSONWriter: a value inside an object needs key(_:) first")
            afterKey = false
        } else {
            startEntry()
        }
    }

    /// Starts an array element or object member: comma, then newline and indent when pretty.
    private mutating func startEntry() {
        let last = open.count - 1
        if open[last].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[last].count += 1
        if pretty { newline(depth: open.count) }
    }

    private mutating func close(_ bracket: UInt8) {
        let container = open.removeLast()
        // Empty containers stay on one line as `{}` or `[]`.
        if pretty && container.count > 0 { newline(depth: open.count) }
        bytes.append(bracket)
    }

    private mutating func newline(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth * 2 { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func appendASCII(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = s.utf8
        if !utf8.contains(where: Self.needsEscape) {
            bytes.append(contentsOf: utf8)
        } else {
            for byte in utf8 {
                guard Self.needsEscape(byte) else {
                    bytes.append(byte)
                    continue
                }
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}

extension JSONValue {
    /// This value as compact or pretty JSON text.
    ///
    /// With `sortedKeys` (the default) object keys are sorted by Unicode scalar, so equal values
    /// always serialize to the same text.
    public func serialized(pretty: Bool = false, sortedKeys: Bool = true) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.value(self, sortedKeys: sortedKeys)
        return writer.output
    }
}
