/// A reply from a Redis server, in RESP2 or RESP3: every type the protocol defines.
///
/// Strings that Redis sends as bulk data stay bytes (a value is whatever a client stored, not
/// necessarily UTF-8); simple strings, errors and big numbers are text by the protocol's rules.
public enum RESPValue: Sendable, Hashable {
    /// `+OK`: a simple string (no CR or LF inside).
    case simpleString(String)
    /// `-ERR …`: an error the server answered with (RESP3's bulk errors too).
    case error(String)
    /// `:42`: a signed 64-bit integer.
    case integer(Int64)
    /// `$5\r\nhello`: binary-safe bytes.
    case bulkString([UInt8])
    /// `*2\r\n…`: an ordered list.
    case array([RESPValue])
    /// RESP2's null bulk string and null array (`$-1`, `*-1`), and RESP3's `_`.
    case null
    /// RESP3's `#t` / `#f`.
    case boolean(Bool)
    /// RESP3's `,3.14` (also `inf`, `-inf`, `nan`).
    case double(Double)
    /// RESP3's `(3492890328409238509324850943850943825024385`: kept as its digits.
    case bigNumber(String)
    /// RESP3's `=15\r\ntxt:Some string`: its three-letter format and its bytes.
    case verbatimString(format: String, [UInt8])
    /// RESP3's `%2\r\n…`: key–value pairs, in the order received.
    case map([RESPPair])
    /// RESP3's `~3\r\n…`: an unordered collection, in the order received.
    case set([RESPValue])
    /// RESP3's `>3\r\n…`: out-of-band data (a pub/sub message, an invalidation).
    case push([RESPValue])

    /// The bytes of a bulk, simple or verbatim string; `nil` for another type.
    public var bytes: [UInt8]? {
        switch self {
        case .bulkString(let bytes), .verbatimString(_, let bytes): bytes
        case .simpleString(let text): Array(text.utf8)
        default: nil
        }
    }

    /// The text of a bulk, simple or verbatim string read as UTF-8 (invalid sequences repaired);
    /// `nil` for another type.
    public var string: String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The elements of an array, a set or a push; `nil` for another type.
    public var elements: [RESPValue]? {
        switch self {
        case .array(let elements), .set(let elements), .push(let elements): elements
        default: nil
        }
    }
}

/// One key–value pair of a RESP3 map.
public struct RESPPair: Sendable, Hashable {
    /// The key.
    public var key: RESPValue
    /// The value.
    public var value: RESPValue

    /// A pair.
    public init(key: RESPValue, value: RESPValue) {
        self.key = key
        self.value = value
    }
}
