/// A JSON number as its text wrote it: an exact 64-bit integer, or a double.
///
/// A number written without a fraction or an exponent that fits in a signed 64-bit integer (`42`,
/// `-9223372036854775808`, `4611686018427387904`), or a positive one that fits in an unsigned one
/// (`18446744073709551615`), keeps its exact value, as Rust's `serde_json` keeps it; every other number
/// (`1.0`, `1e2`, `0.5`, `18446744073709551616`) is a `Double`. So an integer beyond 2^53 survives
/// from a document to ``JSONValue/intValue`` and to every JSON output, and a format can still tell
/// `1` from `1.0` where its vendor does (Datadog refuses `1.0` as an `INTEGER` value).
///
/// Two numbers are equal when their values are: `1 == 1.0` and `-0.0 == 0`, while
/// `9007199254740993` is not `9007199254740992.0`. A format whose reference engine holds every
/// number as a double (LaunchDarkly's `ldvalue`, flagd's, Eppo's) lowers its values through
/// ``asDouble``, so it serves what that engine serves.
public struct JSONNumber: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case integer(Int64)
        /// Above `Int64.max`.
        case unsigned(UInt64)
        case double(Double)
    }

    @usableFromInline
    let storage: Storage

    /// An exact integer.
    @inlinable
    public init(_ value: Int64) { storage = .integer(value) }

    /// An exact integer.
    @inlinable
    public init(_ value: Int) { storage = .integer(Int64(value)) }

    /// An exact integer.
    @inlinable
    public init(_ value: UInt64) { storage = value > UInt64(Int64.max) ? .unsigned(value) : .integer(Int64(value)) }

    /// A double (integral or not, it stays a double: it reads as written with a fraction).
    @inlinable
    public init(_ value: Double) { storage = .double(value) }

    /// The value as a double: exact for doubles and for integers within ±2^53, the nearest double beyond.
    @inlinable
    public var doubleValue: Double {
        switch storage {
        case .integer(let i): return Double(i)
        case .unsigned(let u): return Double(u)
        case .double(let d): return d
        }
    }

    /// The exact integer, when the number was written as one (no fraction, no exponent) within signed 64 bits.
    @inlinable
    public var integerValue: Int64? {
        if case .integer(let i) = storage { return i }
        return nil
    }

    /// Whether the number was written as an integer: no fraction, no exponent, within 64 bits
    /// (signed, or unsigned above `Int64.max`).
    @inlinable
    public var isInteger: Bool {
        if case .double = storage { return false }
        return true
    }

    /// The value as a signed 64-bit integer when it is integral and in range, however it was
    /// written (`1.0` gives 1; `1.5` and `1e300` give `nil`).
    @inlinable
    public var int64Value: Int64? {
        switch storage {
        case .integer(let i): return i
        case .unsigned: return nil
        case .double(let d): return JSONValue.exactInt64(d)
        }
    }

    /// The same number held as a double, as an engine that reads every number as a double holds it
    /// (`9007199254740993` becomes `9007199254740992.0`).
    @inlinable
    public var asDouble: JSONNumber {
        switch storage {
        case .integer(let i): return JSONNumber(Double(i))
        case .unsigned(let u): return JSONNumber(Double(u))
        case .double: return self
        }
    }
}

extension JSONNumber: Equatable {
    /// Equal when the values are, however they were written: `1 == 1.0`, `-0.0 == 0`, and an
    /// integer beyond 2^53 equals no double but its exact value.
    @inlinable
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.unsigned(let a), .unsigned(let b)): return a == b
        case (.integer, .unsigned), (.unsigned, .integer): return false
        case (.integer(let i), .double(let d)), (.double(let d), .integer(let i)):
            return JSONValue.exactInt64(d) == i
        case (.unsigned(let u), .double(let d)), (.double(let d), .unsigned(let u)):
            return UInt64(exactly: d) == u
        }
    }
}

extension JSONNumber: Hashable {
    /// Hashes consistently with `==`: an integral double in range hashes as its integer, and an
    /// unsigned integer a double holds exactly as that double.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .integer(let i): hasher.combine(i)
        // A double equal to it is integral and beyond Int64: it hashes as itself.
        case .unsigned(let u): if let d = Double(exactly: u) { hasher.combine(d) } else { hasher.combine(u) }
        case .double(let d):
            if let i = JSONValue.exactInt64(d) { hasher.combine(i) } else { hasher.combine(d) }
        }
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// An exact integer.
    @inlinable
    public init(integerLiteral value: Int64) { self.init(value) }

    /// A double.
    @inlinable
    public init(floatLiteral value: Double) { self.init(value) }
}

extension JSONNumber: CustomStringConvertible {
    /// The number as JSON writes it: an integer's exact digits; a double as ``JSONValue`` writes it.
    public var description: String {
        var writer = JSONWriter()
        writer.number(self)
        return writer.output
    }
}
