import BurgeeCore
import Testing

/// Runs one case file of the Unleash client specification's shape: `state` (a features or delta
/// document), `tests` (`toggleName`, `context`, `expectedResult` boolean) and `variantTests`
/// (`expectedResult` a variant object). Burgee's fixtures may add `options` (`hostname`, `now`)
/// and `problems` (the document's expected problems, by severity and JSON path).
struct CaseRunner {
    /// Cases run and cases that failed, with why.
    var run = 0
    var failures: [String] = []

    mutating func runFile(_ file: JSONValue, name: String) {
        guard case .object(let o) = file, let state = o["state"] else {
            failures.append("\(name): not a case file")
            return
        }
        var options = UnleashLoweringOptions(hostname: "burgee-test-host")
        if case .object(let opts)? = o["options"] {
            if let host = opts["hostname"]?.stringValue { options.hostname = host }
            if let now = opts["now"]?.stringValue { options.now = Timestamp(rfc3339: now) }
        }
        if let expected = o["documentError"]?.boolValue, expected {
            run += 1
            if (try? UnleashDocument(json: state)) != nil { failures.append("\(name): the document was read; expected it refused") }
            return
        }
        let document: UnleashDocument
        do { document = try UnleashDocument(json: state) } catch {
            failures.append("\(name): document refused: \(error)")
            return
        }
        let snapshot = Snapshot(unleash: document, options: options)
        if case .array(let expected)? = o["problems"] {
            let found = Set((document.problems + document.segments.flatMap(\.problems) + snapshot.problems).map { "\($0.severity.rawValue) \($0.path)" })
            for problem in expected {
                run += 1
                guard let severity = problem["severity"]?.stringValue, let path = problem["path"]?.stringValue else {
                    failures.append("\(name): a problem needs severity and path")
                    continue
                }
                if !found.contains("\(severity) \(path)") {
                    failures.append("\(name): no \(severity) at \(path); found \(found.sorted())")
                }
            }
        }
        for (i, test) in (o["tests"]?.arrayValue ?? []).enumerated() {
            run += 1
            let (flag, context) = Self.request(test)
            // The context as given, and prepared: its attributes read by the program's slots.
            for (how, context) in [("", context), (" (prepared)", snapshot.prepare(context))] {
                let detail = snapshot.evaluate(flag, context: context, default: .bool(false))
                let enabled = snapshot.unleashIsEnabled(detail)
                if test["expectedResult"] != .bool(enabled) {
                    failures.append("\(name) tests[\(i)]\(how) \(flag) \(test["description"]?.stringValue ?? ""): got \(enabled)")
                }
            }
        }
        for (i, test) in (o["variantTests"]?.arrayValue ?? []).enumerated() {
            run += 1
            let (flag, context) = Self.request(test)
            for (how, context) in [("", context), (" (prepared)", snapshot.prepare(context))] {
                let detail = snapshot.evaluate(flag, context: context, default: .bool(false))
                var got = snapshot.unleashVariant(for: detail, flag: flag).json
                guard case .object(let expected)? = test["expectedResult"], case .object(var members) = got else {
                    failures.append("\(name) variantTests[\(i)]: expectedResult is not an object")
                    break
                }
                // Older files leave `feature_enabled` out; compare it only where they state it.
                if expected["feature_enabled"] == nil { members["feature_enabled"] = nil }
                got = .object(members)
                if got != .object(expected) {
                    failures.append("\(name) variantTests[\(i)]\(how) \(flag) \(test["description"]?.stringValue ?? ""): got \(got.serialized())")
                }
            }
        }
    }

    private static func request(_ test: JSONValue) -> (String, Context) {
        (test["toggleName"]?.stringValue ?? "", Context(unleashJSON: test["context"] ?? .object([:])))
    }
}

extension JSONValue {
    fileprivate subscript(_ member: String) -> JSONValue? {
        if case .object(let o) = self { return o[member] }
        return nil
    }
}
