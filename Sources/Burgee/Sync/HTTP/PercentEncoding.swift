/// Percent-encoding of a URL path segment or query value: letters, digits, `-`, `_`, `.` and `~`
/// as they are (RFC 3986's unreserved characters), every other UTF-8 byte as `%XX`.
package enum PercentEncoding {
    /// `text` percent-encoded.
    package static func encode(_ text: String) -> String {
        var encoded = ""
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return encoded
    }
}
