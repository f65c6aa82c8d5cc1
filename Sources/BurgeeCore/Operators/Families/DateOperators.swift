/// `before`, `after`: instants given as Unix milliseconds or RFC 3339 strings (``Timestamp``).
package enum DateOperator {
    /// Which side of the operand the attribute must lie on.
    package enum Direction: Sendable {
        case before, after
    }

    static func parse(_ direction: Direction, _ values: [JSONValue], at path: JSONPointer, _ r: inout ModelReader) -> Operator {
        .date(direction, OperandParser(path: path).parse(values, "a date (Unix milliseconds or RFC 3339)", &r,
                                                        Timestamp.init(attribute:)))
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ direction: Direction, _ instants: [Timestamp]) -> Bool {
        guard let t = Timestamp(attribute: value) else { return false }
        return matches(t, direction, instants)
    }

    /// Whether the instant `t` lies on `direction`'s side of any of the instants.
    @inline(__always)
    static func matches(_ t: Timestamp, _ direction: Direction, _ instants: [Timestamp]) -> Bool {
        switch direction {
        case .before: for instant in instants where t < instant { return true }
        case .after: for instant in instants where t > instant { return true }
        }
        return false
    }
}
