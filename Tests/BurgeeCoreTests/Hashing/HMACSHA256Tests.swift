@testable import BurgeeCore
import Testing

/// HMAC-SHA256 against RFC 4231's test cases and codes computed independently (Python's `hmac`),
/// and LaunchDarkly's secure mode hash of contexts of each shape.
@Suite("HMAC-SHA256 and LaunchDarkly's secure mode hash")
struct HMACSHA256Tests {
    static func bytes(hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    @Test("RFC 4231 and independent codes (short, empty and over-long keys)", arguments: [
        // RFC 4231, test case 1: a 20-byte key of 0x0b.
        ("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        // RFC 4231, test case 2: "Jefe".
        ("4a656665", Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        // RFC 4231, test case 6: a 131-byte key, hashed first.
        (String(repeating: "aa", count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        ("", [], "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad"),
    ] as [(String, [UInt8], String)])
    func codes(keyHex: String, message: [UInt8], expected: String) {
        #expect(HMACSHA256.code(key: Self.bytes(hex: keyHex), message: message).hex == expected)
    }

    @Test("the secure mode hash is the HMAC of the fully qualified key under the SDK key", arguments: [
        (#"{"kind":"user","key":"user-key"}"#, "secret", "906e06ddaeef759ef922aa1a2e47a4f2169af86ca4c7a7ea91988531da547cea"),
        (#"{"key":"user-key"}"#, "secret", "906e06ddaeef759ef922aa1a2e47a4f2169af86ca4c7a7ea91988531da547cea"),
        (#"{"kind":"org","key":"o:1"}"#, "sdk-1", "5e3cbe82e06856f2b1d00cf9294f8a07e13d2a6f0e1ef7a73a7380b80209a3bd"),
        (#"{"kind":"multi","user":{"key":"u"},"device":{"key":"d"}}"#, String(repeating: "k", count: 100),
         "83907b69453823681fe2b84165b75f24ddc09585d7b7610bb1e64b26039b7717"),
    ])
    func secureModeHash(context: String, sdkKey: String, expected: String) throws {
        let json = try JSONParser().parse(Array(context.utf8))
        #expect(LaunchDarklySecureMode.hash(of: Context(launchDarklyJSON: json), sdkKey: sdkKey) == expected)
    }
}
