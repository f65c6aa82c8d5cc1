/// A command-line request's visitor (docs/kameleoon.md, "The command line"): a visitor code, and
/// what to replay before the flag: consent, a Data API answer, data items in order, prior flags.
package struct KameleoonRequest: Sendable {
    package var visitorCode: String
    package var consent: Bool?
    package var remote: (filter: KameleoonRemoteVisitorDataFilter, body: JSONValue)?
    package var data: [KameleoonData]
    package var prior: [String]

    /// Reads a request's context; the message says what is wrong.
    package init(json: JSONValue) throws(KameleoonRequestError) {
        guard case .object(let o) = json else { throw KameleoonRequestError("a context is an object, not \(json.typeName)") }
        guard case .string(let code)? = o["visitorCode"] else { throw KameleoonRequestError("'visitorCode' must be a string") }
        visitorCode = code
        switch o["consent"] {
        case nil, .null?: consent = nil
        case .bool(let b)?: consent = b
        case let other?: throw KameleoonRequestError("'consent' must be a boolean, not \(other.typeName)")
        }
        if let remote = o["remote"], !remote.isNull {
            guard case .object(let r) = remote else { throw KameleoonRequestError("'remote' must be an object") }
            self.remote = (KameleoonRemoteVisitorDataFilter(json: r["filter"]), r["body"] ?? .object([:]))
        }
        data = []
        if let items = o["data"], !items.isNull {
            guard case .array(let list) = items else { throw KameleoonRequestError("'data' must be an array") }
            for (i, item) in list.enumerated() {
                do throws(KameleoonRequestError) {
                    data.append(try Self.data(item))
                } catch {
                    throw KameleoonRequestError("data item \(i): \(error.message)")
                }
            }
        }
        prior = []
        if let items = o["prior"], !items.isNull {
            guard case .array(let list) = items else { throw KameleoonRequestError("'prior' must be an array of flag keys") }
            for item in list {
                guard case .string(let key) = item else { throw KameleoonRequestError("'prior' must be an array of flag keys") }
                prior.append(key)
            }
        }
    }

    /// Whether the request describes anything beyond the visitor code (else there is no visitor).
    var describesVisitor: Bool { consent != nil || remote != nil || !data.isEmpty || !prior.isEmpty }

    static func data(_ json: JSONValue) throws(KameleoonRequestError) -> KameleoonData {
        guard case .object(let o) = json, case .string(let type)? = o["type"] else {
            throw KameleoonRequestError("an item is an object with a 'type'")
        }
        func string(_ name: String) throws(KameleoonRequestError) -> String {
            guard case .string(let s)? = o[name] else { throw KameleoonRequestError("'\(type)' needs a string '\(name)'") }
            return s
        }
        func optionalString(_ name: String) -> String? { o[name]?.stringValue }
        func oneOf(_ name: String, _ names: Set<String>) throws(KameleoonRequestError) -> String {
            let value = try string(name)
            guard names.contains(value) else {
                throw KameleoonRequestError("'\(name)' is one of \(names.sorted().joined(separator: ", ")), not '\(value)'")
            }
            return value
        }
        switch type {
        case "customData":
            guard case .array(let values)? = o["values"] else { throw KameleoonRequestError("'customData' needs 'values', an array of strings") }
            var strings: [String] = []
            for value in values {
                guard case .string(let s) = value else { throw KameleoonRequestError("custom data values are strings") }
                strings.append(s)
            }
            if case .number(let n)? = o["index"], let index = JSONValue.exactInt64(n) { return .customData(.index(index), strings) }
            if case .string(let name)? = o["name"] { return .customData(.name(name), strings) }
            throw KameleoonRequestError("'customData' needs an integer 'index' or a string 'name'")
        case "device":
            return .device(try oneOf("device", KameleoonRemoteVisitorData.devices))
        case "browser":
            return .browser(try oneOf("browser", KameleoonRemoteVisitorData.browsers), version: o["version"]?.numberValue)
        case "operatingSystem":
            return .operatingSystem(try oneOf("os", KameleoonRemoteVisitorData.systems))
        case "geolocation":
            return .geolocation(KameleoonGeolocation(country: try string("country"), region: optionalString("region"), city: optionalString("city"),
                                                     postalCode: optionalString("postalCode"), latitude: o["latitude"]?.numberValue,
                                                     longitude: o["longitude"]?.numberValue))
        case "pageView":
            return .pageView(url: try string("url"), title: optionalString("title"))
        case "cookie":
            guard case .object(let cookies)? = o["cookies"] else { throw KameleoonRequestError("'cookie' needs 'cookies', an object of strings") }
            var list: [(name: String, value: String)] = []
            for (name, value) in cookies.sorted(by: { $0.key < $1.key }) {
                guard case .string(let v) = value else { throw KameleoonRequestError("cookie values are strings") }
                list.append((name, v))
            }
            return .cookies(list)
        case "conversion":
            guard case .number(let n)? = o["goalId"], let goal = JSONValue.exactInt64(n) else {
                throw KameleoonRequestError("'conversion' needs an integer 'goalId'")
            }
            return .conversion(goalId: goal, revenue: o["revenue"]?.numberValue ?? 0, negative: o["negative"]?.boolValue ?? false)
        case "applicationVersion":
            return .applicationVersion(try string("version"))
        case "userAgent":
            return .userAgent(try string("value"))
        default:
            throw KameleoonRequestError("unknown data type '\(type)'")
        }
    }

    /// Replays the request on a fresh visitor at `now` (Unix milliseconds), then prepares `flag`:
    /// consent, the Data API answer (never replacing), the data items (each page view and
    /// conversion moves the clock 1 ms on), the prior flags (each evaluated, its assignment saved,
    /// the clock 1 ms on). Returns the context to evaluate `flag` with.
    package func replay(for flag: String, in snapshot: Snapshot, document: KameleoonDocument, now: Int64) -> Context {
        var clock = now
        var visitor = KameleoonVisitor(code: visitorCode)
        let valid = !visitorCode.isEmpty && visitorCode.count <= Context.kameleoonMaxCodeLength
        if valid {
            if let consent { visitor.setConsent(consent, at: clock) }
            if let remote {
                visitor.add(KameleoonRemoteVisitorData(json: remote.body, filter: remote.filter, now: clock), at: clock, document: document)
            }
            for item in data {
                visitor.add(item, at: clock, document: document)
                switch item {
                case .pageView, .conversion: clock += 1
                default: break
                }
            }
            for key in prior {
                if let priorFlag = document.flag(key) {
                    let context = visitor.prepared(for: priorFlag, document: document, now: clock)
                    visitor.record(snapshot.evaluate(key, context: context, default: .null, as: nil), of: priorFlag, at: clock)
                }
                clock += 1
            }
        }
        guard let target = document.flag(flag) else { return Context(kameleoon: visitor, now: clock) }
        return visitor.prepared(for: target, document: document, now: clock)
    }
}

/// Why a Kameleoon request's context could not be read.
package struct KameleoonRequestError: Error, Sendable {
    package var message: String

    init(_ message: String) {
        self.message = message
    }
}
