import Burgee
import BurgeeCore

/// One line of a Kameleoon tracking body, a URL query, as Kameleoon's SDKs write it:
/// `nonce=<16 hex>&eventType=<type>&<parameters>&visitorCode=<code>[&userAgent=<agent>]`, the
/// parameters whose value is empty left out.
enum KameleoonTrackingLine {
    /// The line of a datum's `parameters` for the visitor `code`, with its user agent when given.
    static func line(_ parameters: [(String, String)], code: String, userAgent: String?, nonce: UInt64) -> String {
        var line = "nonce=" + hex(nonce)
        for (name, value) in parameters where !value.isEmpty {
            line += "&" + KameleoonQuery.encode(name) + "=" + KameleoonQuery.encode(value)
        }
        line += "&visitorCode=" + KameleoonQuery.encode(code)
        if let userAgent, !userAgent.isEmpty { line += "&userAgent=" + KameleoonQuery.encode(userAgent) }
        return line
    }

    /// The line Kameleoon's SDKs send for a tracked visitor with nothing else to send.
    static let activity = [("eventType", "activity")]

    /// A parameter's text: numbers whole where they are whole, Booleans as `true`/`false`.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let number):
            let n = number.doubleValue
            if n.rounded(.towardZero) == n, abs(n) < 1e15 { return String(Int64(n)) }
            return "\(n)"
        case .null: return ""
        default: return value.serialized()
        }
    }

    /// 16 lowercase hexadecimal digits.
    static func hex(_ n: UInt64) -> String {
        let digits = String(n, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
