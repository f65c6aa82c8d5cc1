extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text with sorted keys, as ``serialized(pretty:sortedKeys:)`` writes
    /// it: `"\(value)"` reads `{"a":[1,true,null]}`, not the enum's cases.
    public var description: String { serialized() }
}
