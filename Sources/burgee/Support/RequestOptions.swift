import ArgumentParser
import BurgeeCore

/// The options that name one evaluation: flag, context, type and default.
struct RequestOptions: ParsableArguments {
    @Option(name: .long, help: "The flag key.")
    var flag: String?

    @Option(name: .long, help: "The context as JSON, e.g. '{\"kind\":\"user\",\"key\":\"u-1\"}'.")
    var context: String?

    @Option(name: .long, help: "Check the served value's type: boolean, string, int, double or json.")
    var type: String?

    @Option(name: .customLong("default"), help: "The default value as JSON (null when absent).")
    var defaultValue: String?

    /// The parsed request; flag and context are required here. `readContext` reads the context
    /// in the definitions' own shape (native by default).
    func request(readContext: (JSONValue) -> Context = { Context(json: $0) }) throws
        -> (flag: String, context: Context, default: JSONValue, type: ValueType?)
    {
        guard let flag else { throw ValidationError("--flag is required") }
        guard let context else { throw ValidationError("--context is required") }
        let contextJSON: JSONValue
        do { contextJSON = try JSONValue(parsing: context) } catch {
            throw ValidationError("--context is not JSON: \(error)")
        }
        var defaultJSON = JSONValue.null
        if let defaultValue {
            do { defaultJSON = try JSONValue(parsing: defaultValue) } catch {
                throw ValidationError("--default is not JSON: \(error)")
            }
        }
        return (flag, readContext(contextJSON), defaultJSON, try Self.valueType(type))
    }

    static func valueType(_ name: String?) throws -> ValueType? {
        guard let name else { return nil }
        guard let type = ValueType(requestName: name) else {
            throw ValidationError("--type must be one of boolean, string, int, double, json (or integer, float, object, or BOOLEAN, STRING, INTEGER, NUMERIC, JSON); got '\(name)'")
        }
        return type
    }
}
