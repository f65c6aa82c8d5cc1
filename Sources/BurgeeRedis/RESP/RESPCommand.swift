/// A command to a Redis server, as RESP sends it: an array of bulk strings, its name first.
///
/// ```swift
/// let command = RESPCommand("HGET", "ld:features", "checkout")
/// var bytes: [UInt8] = []
/// command.encode(into: &bytes)  // *3\r\n$4\r\nHGET\r\n…
/// ```
public struct RESPCommand: Sendable, Hashable {
    /// The command's name and arguments, as bytes.
    public var arguments: [[UInt8]]

    /// A command of text arguments, `name` first.
    public init(_ name: String, _ arguments: String...) {
        self.arguments = [Array(name.utf8)] + arguments.map { Array($0.utf8) }
    }

    /// A command of byte arguments, its name first.
    public init(arguments: [[UInt8]]) {
        self.arguments = arguments
    }

    /// Appends the command's bytes to `bytes`.
    public func encode(into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "*"))
        bytes.append(contentsOf: String(arguments.count).utf8)
        bytes.append(contentsOf: [0x0D, 0x0A])
        for argument in arguments {
            bytes.append(UInt8(ascii: "$"))
            bytes.append(contentsOf: String(argument.count).utf8)
            bytes.append(contentsOf: [0x0D, 0x0A])
            bytes.append(contentsOf: argument)
            bytes.append(contentsOf: [0x0D, 0x0A])
        }
    }
}
