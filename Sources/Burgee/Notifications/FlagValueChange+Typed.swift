import BurgeeCore

extension FlagValueChange {
    /// The value before the update as `type` (`Bool`, `String`, `Int`, `Double` or `JSONValue`);
    /// `nil` when it is not of that type (`null` when the flag served no variation, or a number
    /// that is not an exact integer read as `Int`).
    ///
    /// ```swift
    /// if change.oldValue(as: Bool.self) == false, change.newValue(as: Bool.self) == true { … }
    /// ```
    public func oldValue<T: FlagValue>(as type: T.Type = T.self) -> T? {
        T(flagValue: oldValue)
    }

    /// The value after the update as `type` (`Bool`, `String`, `Int`, `Double` or `JSONValue`);
    /// `nil` when it is not of that type.
    public func newValue<T: FlagValue>(as type: T.Type = T.self) -> T? {
        T(flagValue: newValue)
    }
}
