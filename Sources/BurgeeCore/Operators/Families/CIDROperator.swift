/// `inCIDR`: an IPv4 or IPv6 address within a range (a bare address is a /32 or /128).
enum CIDROperator {
    static func parse(_ values: [JSONValue], at path: JSONPointer, _ r: inout ModelReader) -> Operator {
        .cidr(OperandParser(path: path).parse(values, "a CIDR range", &r) { $0.stringValue.flatMap(IPAddressRange.init(cidr:)) })
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ ranges: [IPAddressRange]) -> Bool {
        guard case .string(let s) = value, let address = IPAddress(parsing: s) else { return false }
        for range in ranges where range.contains(address) { return true }
        return false
    }
}
