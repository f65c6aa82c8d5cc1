import BurgeeCore
import Testing

/// Evaluates one UFC request (Datadog's or Eppo's) as `burgee eval` does and compares what the
/// result line carries with what a case expects: `value`, `variation`, the vendor's `reason`, and
/// the members of the vendor's result that the case names.
struct UFCCaseRunner {
    let snapshot: Snapshot
    let format: DefinitionsFormat
    let dialect: any DefinitionsDialect

    init(definitions: JSONValue, format: DefinitionsFormat, now: Timestamp?) throws {
        self.format = format
        dialect = FormatRegistry.dialect(of: format)
        snapshot = try Snapshot(compiling: Definitions(json: definitions, format: format), flagSets: nil,
                                options: CompileOptions(now: now))
    }

    /// The result: value, variation key, the vendor's reason JSON, the vendor's member.
    func evaluate(flag: String, context json: JSONValue, type: String?, default defaultValue: JSONValue)
        -> (value: JSONValue, variation: JSONValue, reason: JSONValue, vendor: [String: JSONValue]) {
        let context = dialect.context(json: json)
        let requested = type.flatMap(ValueType.init(requestName:))
        let detail = snapshot.evaluate(flag, context: context, default: defaultValue, as: requested)
        let vendor = dialect.vendorResult(of: detail, flag: flag, context: context, in: snapshot)
        return (detail.value, detail.variationKey.map(JSONValue.string) ?? .null, vendor?.reasonJSON ?? .null,
                vendor?.json.objectValue ?? [:])
    }

    /// Runs one case of a `spec-fixtures/datadog|eppo` file.
    func run(_ c: [String: JSONValue], in file: String) throws {
        let name = "\(file) / \(c["name"]?.stringValue ?? "?")"
        let flag = try #require(c["flag"]?.stringValue, "\(name): no flag")
        let result = evaluate(flag: flag, context: c["context"] ?? .object([:]), type: c["type"]?.stringValue,
                              default: c["default"] ?? .null)
        let expect = try #require(c["expect"]?.objectValue, "\(name): no expect")
        #expect(result.value == (expect["value"] ?? .null), "\(name): value \(result.value.serialized())")
        #expect(result.variation == (expect["variation"] ?? .null), "\(name): variation \(result.variation.serialized())")
        #expect(result.reason == (expect["reason"] ?? .null),
                "\(name): reason \(result.reason.serialized()) expected \((expect["reason"] ?? .null).serialized())")
        for (member, value) in expect[format.name]?.objectValue ?? [:] {
            #expect(result.vendor[member] == value,
                    "\(name): \(format.name).\(member) \((result.vendor[member] ?? .null).serialized()) expected \(value.serialized())")
        }
    }
}
