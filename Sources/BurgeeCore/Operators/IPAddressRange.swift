/// A block of IP addresses written in CIDR notation, the clause value of the `inCIDR` operator.
///
/// The text is `address/length`, with `length` a decimal 0–32 for IPv4 or 0–128 for IPv6, without
/// leading zeros; a bare address is a range of that one address (`/32` or `/128`). Host bits may be
/// set: `10.1.2.3/8` is the same range as `10.0.0.0/8`. The address forms are those of ``IPAddress``.
///
/// A range holds addresses of its own family only: an IPv4 address is never in an IPv6 range,
/// `::/0` and `::ffff:0:0/96` included, and an IPv6 address is never in an IPv4 range.
package struct IPAddressRange: Sendable, Hashable {
    /// The first address of the range: the parsed address with its host bits cleared.
    package let network: IPAddress
    /// The number of leading bits an address must share with ``network`` to be in the range.
    package let prefixLength: Int
    // Precomputed so that `contains` is two ANDs and two compares.
    private let maskHigh: UInt64
    private let maskLow: UInt64

    /// Parses `address/length` or a bare address; `nil` if either part is invalid.
    package init?(cidr text: String) {
        self.init(cidr: text[...])
    }

    /// Parses `address/length` or a bare address; `nil` if either part is invalid.
    package init?(cidr text: Substring) {
        let parsed: (IPAddress, Int)? = text.withUTF8Bytes { Self.parse($0) }
        guard let (address, length) = parsed else { return nil }
        self.init(address: address, prefixLength: length)
    }

    /// The range of addresses sharing the first `prefixLength` bits of `address`; `nil` if
    /// `prefixLength` exceeds the family's width (32 or 128) or is negative.
    package init?(address: IPAddress, prefixLength: Int) {
        switch address.family {
        case .ipv4:
            guard (0...32).contains(prefixLength) else { return nil }
            // Swift's shifts saturate, so a shift by 32 gives an empty mask for /0.
            maskHigh = 0
            maskLow = UInt64(UInt32.max << (32 - prefixLength))
        case .ipv6:
            guard (0...128).contains(prefixLength) else { return nil }
            maskHigh = prefixLength >= 64 ? .max : .max << (64 - prefixLength)
            maskLow = prefixLength <= 64 ? 0 : .max << (128 - prefixLength)
        }
        self.prefixLength = prefixLength
        network = IPAddress(family: address.family, high: address.high & maskHigh, low: address.low & maskLow)
    }

    /// Whether `address` is in the range; always `false` for an address of the other family.
    package func contains(_ address: IPAddress) -> Bool {
        address.family == network.family
            && address.high & maskHigh == network.high
            && address.low & maskLow == network.low
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (IPAddress, Int)? {
        // A plain loop: the generic `firstIndex(of:)` allocates in unoptimised builds.
        var slash = 0
        while slash < bytes.count, bytes[slash] != UInt8(ascii: "/") { slash += 1 }
        guard slash < bytes.count else {
            guard let address = IPAddress.parse(bytes) else { return nil }
            return (address, address.family == .ipv4 ? 32 : 128)
        }
        guard let address = IPAddress.parse(UnsafeBufferPointer(rebasing: bytes[..<slash])) else { return nil }
        let start = slash + 1
        var length = 0
        var i = start
        // Three digits at most: enough for 128, and no overflow on absurd input.
        while i < bytes.count, i - start < 3, bytes[i] &- UInt8(ascii: "0") < 10 {
            length = length * 10 + Int(bytes[i] &- UInt8(ascii: "0"))
            i += 1
        }
        guard i > start, i == bytes.count, bytes[start] != UInt8(ascii: "0") || i - start == 1 else { return nil }
        return (address, length)
    }
}
