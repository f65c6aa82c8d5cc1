import Burgee
import BurgeeCore

/// One line of a Kameleoon tracking body: a URL query,
/// `nonce=<16 hex>&eventType=<type>&<parameters>&visitorCode=<code>`, for a custom event queued
/// by ``KameleoonTracker`` (its key is the event type, its properties the parameters, sorted by
/// name; numbers whole where they are whole, Booleans as `true`/`false`).
enum KameleoonTrackingLine {
    /// The line of `event`, or `nil` when it is not about a Kameleoon visitor.
    static func line(_ event: CustomEvent, nonce: UInt64) -> String? {
        guard let code = event.contextKeys[Context.kameleoonKind] else { return nil }
        var line = "nonce=" + hex(nonce) + "&eventType=" + KameleoonQuery.encode(event.key)
        for (name, value) in event.properties.sorted(by: { $0.key < $1.key }) {
            line += "&" + KameleoonQuery.encode(name) + "=" + KameleoonQuery.encode(text(value))
        }
        return line + "&visitorCode=" + KameleoonQuery.encode(code)
    }

    /// What a later line of the same visitor replaces `event`'s line by, for the kinds a
    /// Kameleoon visitor holds one of (an assignment per experiment, custom data per index,
    /// each static datum, the geolocation); `nil` for those it sends each of (pages, conversions).
    static func replacementKey(_ event: CustomEvent) -> String? {
        guard let code = event.contextKeys[Context.kameleoonKind] else { return nil }
        let detail: String
        switch event.key {
        case "experiment": detail = text(event.properties["id"] ?? .null)
        case "customData": detail = text(event.properties["index"] ?? .null)
        case "staticData": detail = event.properties.keys.sorted().joined(separator: ",")
        case "geolocation": detail = ""
        default: return nil
        }
        return event.key + "\u{0}" + detail + "\u{0}" + code
    }

    /// A parameter's text.
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
