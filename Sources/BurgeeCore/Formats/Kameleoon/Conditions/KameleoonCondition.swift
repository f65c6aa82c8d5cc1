/// One condition of a Kameleoon segment (an item of a `conditionsData` group's `conditions`), as
/// Kameleoon's SDK reads it: its `targetingType`, whether it includes or excludes (`isInclude`,
/// only `false` excluding), and its type's members, compiled by ``lowered(in:)``.
package struct KameleoonCondition: Sendable {
    /// `targetingType` (absent or not text: `UNKNOWN`, a condition that is always false).
    package let targetingType: String
    /// `isInclude`: `false` negates the condition's result, missing data included.
    package let isInclude: Bool
    /// The condition's members.
    let members: [String: JSONValue]
    /// A `CUSTOM_DATUM`'s index (`nil` when the text is no number: no custom data has it).
    let customDataIndex: Int64?
    /// Where the condition is written, for `explain`.
    let path: JSONPointer

    /// Reads a condition. Kameleoon's SDK fails to read the whole document for a condition that
    /// is not an object, and for a `CUSTOM_DATUM` without a text `customDataIndex` or whose
    /// `valueMatchType` is not an operator name; those are refused here, with the path of the
    /// member at fault.
    ///
    /// - Throws: ``DefinitionsError/refused(_:path:_:)`` for `.kameleoon`.
    package init(json: JSONValue, path: JSONPointer) throws(DefinitionsError) {
        guard case .object(let members) = json else {
            throw Self.refusal(path, "expected a condition object, found \(json.typeName)")
        }
        self.members = members
        self.path = path
        targetingType = members["targetingType"]?.stringValue ?? "UNKNOWN"
        isInclude = members["isInclude"] != .bool(false)
        guard targetingType == "CUSTOM_DATUM" else {
            customDataIndex = nil
            return
        }
        guard let index = members["customDataIndex"] else {
            throw Self.refusal(path.appending("customDataIndex"), "a CUSTOM_DATUM condition needs a customDataIndex")
        }
        guard case .string(let text) = index else {
            throw Self.refusal(path.appending("customDataIndex"), "expected a string, found \(index.typeName)")
        }
        customDataIndex = try Self.index(text, path.appending("customDataIndex"))
        guard case .string(let name)? = members["valueMatchType"], VisitorCustomDataTest.operatorNames.contains(name) else {
            let found = members["valueMatchType"].map { $0.serialized() } ?? "nothing"
            throw Self.refusal(path.appending("valueMatchType"), "expected an operator name, found \(found)")
        }
    }

    /// The index Python's SDK reads (`int(text) if text.isnumeric() else -1`): numeric text that
    /// `int()` refuses (`½`) fails the document as it fails the SDK.
    private static func index(_ text: String, _ path: JSONPointer) throws(DefinitionsError) -> Int64? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.properties.numericType != nil }) else { return nil }
        guard let value = PythonInteger.parse(text) else {
            throw refusal(path, "\(JSONValue.string(text).serialized()) is numeric but not an integer")
        }
        return JSONValue.exactInt64(value) ?? -1
    }

    static func refusal(_ path: JSONPointer, _ message: String) -> DefinitionsError {
        RefusingReader(.kameleoon, path).refusal(message)
    }
}
