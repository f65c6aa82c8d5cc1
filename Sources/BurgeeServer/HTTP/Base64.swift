/// base64 (RFC 4648): the URL-safe alphabet decoded, with or without its `=` padding (LaunchDarkly's
/// contexts in paths), and the standard alphabet encoded (Eppo's obfuscated values).
enum Base64 {
    /// The bytes `text` encodes; `nil` for a character outside the URL-safe alphabet, misplaced
    /// padding, or a length no encoding has.
    static func decode(url text: Substring) -> [UInt8]? {
        var input = Array(text.utf8)
        if input.count % 4 == 0, input.last == UInt8(ascii: "=") {
            input.removeLast()
            if input.last == UInt8(ascii: "=") { input.removeLast() }
        }
        guard input.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in input {
            guard let sextet = value(of: character) else { return nil }
            accumulator = accumulator << 6 | UInt32(sextet)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    private static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    private static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in the standard alphabet, `=`-padded unless `padded` is false.
    static func encode(_ bytes: some Collection<UInt8>, padded: Bool = true) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = second == nil ? nil : iterator.next()
            let word = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            out.append(standardAlphabet[Int(word >> 18 & 63)])
            out.append(standardAlphabet[Int(word >> 12 & 63)])
            if second != nil { out.append(standardAlphabet[Int(word >> 6 & 63)]) } else if padded { out.append(UInt8(ascii: "=")) }
            if third != nil { out.append(standardAlphabet[Int(word & 63)]) } else if padded { out.append(UInt8(ascii: "=")) }
            if third == nil { break }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

