import BurgeeCore

/// A Swift type a flag value or variable can be read as: `Bool`, `String`, `Int`, `Double` or
/// `JSONValue`.
public protocol FlagValue: Sendable {
    /// The evaluation type that yields this Swift type.
    static var valueType: ValueType { get }
    /// Reads a JSON value; `nil` when it is of another type.
    init?(flagValue: JSONValue)
    /// The JSON form.
    var flagValue: JSONValue { get }
}

extension Bool: FlagValue {
    /// `boolean`.
    public static var valueType: ValueType { .boolean }
    /// A JSON boolean.
    @inlinable public init?(flagValue: JSONValue) {
        guard case .bool(let b) = flagValue else { return nil }
        self = b
    }
    /// The JSON boolean.
    @inlinable public var flagValue: JSONValue { .bool(self) }
}

extension String: FlagValue {
    /// `string`.
    public static var valueType: ValueType { .string }
    /// A JSON string.
    @inlinable public init?(flagValue: JSONValue) {
        guard case .string(let s) = flagValue else { return nil }
        self = s
    }
    /// The JSON string.
    @inlinable public var flagValue: JSONValue { .string(self) }
}

extension Int: FlagValue {
    /// `int`: a JSON number with an exact 64-bit integer value.
    public static var valueType: ValueType { .int }
    /// A JSON number that is an exact integer in range.
    @inlinable public init?(flagValue: JSONValue) {
        guard case .number(let n) = flagValue, let i = JSONValue.exactInt64(n) else { return nil }
        self = Int(i)
    }
    /// The JSON number.
    @inlinable public var flagValue: JSONValue { .number(self) }
}

extension Double: FlagValue {
    /// `double`: any JSON number.
    public static var valueType: ValueType { .double }
    /// A JSON number.
    @inlinable public init?(flagValue: JSONValue) {
        guard case .number(let n) = flagValue else { return nil }
        self = n.doubleValue
    }
    /// The JSON number.
    @inlinable public var flagValue: JSONValue { .number(self) }
}

extension JSONValue: FlagValue {
    /// `json`: any value.
    public static var valueType: ValueType { .json }
    /// Any JSON value.
    @inlinable public init?(flagValue: JSONValue) { self = flagValue }
    /// The value itself.
    @inlinable public var flagValue: JSONValue { self }
}
