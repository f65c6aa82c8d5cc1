/// Split's keys and attributes as a Burgee ``Context``.
///
/// A Split evaluation has a matching key, an optional bucketing key and attributes. It becomes
/// **one single context of kind `user`** whose key is the matching key, with the attribute
/// `bucketingKey` when one is given and the Split attributes under `attributes` (so that no
/// Split attribute, `key` or `bucketingKey` included, is confused with either key). Split's
/// matchers read `/attributes/<name>`; its rollouts bucket `bucketingKey`, else the key.
///
/// The keys are checked as Split's SDKs check them: not empty or only white space, at most 250
/// characters; a context that fails is invalid (`ERROR/INVALID_CONTEXT`, treatment `control`).
extension Context {
    /// The kind of the single context a Split evaluation becomes.
    package static let splitKind = "user"
    /// The attribute holding the bucketing key.
    package static let splitBucketingKey = "bucketingKey"
    /// The attribute holding the Split attributes, as an object.
    package static let splitAttributes = "attributes"
    /// The longest key Split's SDKs accept, in characters.
    package static let splitMaxKeyLength = 250

    /// A Split evaluation's context: the matching key, an optional bucketing key (the matching
    /// key buckets when it is `nil`) and the attributes that Split's matchers read.
    public init(splitKey: String, bucketingKey: String? = nil, attributes: [String: JSONValue] = [:]) {
        var members: [String: JSONValue] = ["key": .string(splitKey), Self.splitAttributes: .object(attributes)]
        if let bucketingKey { members[Self.splitBucketingKey] = .string(bucketingKey) }
        let problem = Self.splitKeyProblem(splitKey, "key") ?? bucketingKey.flatMap { Self.splitKeyProblem($0, "bucketing key") }
        self.init(single: SingleContext(kind: Self.splitKind, key: splitKey, attributes: members), invalidReason: problem)
    }

    /// Reads a Split request's context: `{"key": MATCHING_KEY, "bucketingKey": optional,
    /// "attributes": {…}}`. A key given as a number is its decimal text, as Split's SDKs turn it;
    /// a boolean, a non-finite number or anything else makes the context invalid, as do
    /// attributes that are not an object.
    public init(splitJSON json: JSONValue) {
        guard case .object(let members) = json else {
            self = Self.invalidSplit("a Split context is an object, not \(json.typeName)")
            return
        }
        guard let key = Self.splitKeyText(members["key"]) else {
            self = Self.invalidSplit("the key is \(members["key"].map(\.typeName) ?? "missing"), not a string or a number")
            return
        }
        var bucketingKey: String?
        if let value = members["bucketingKey"], !value.isNull {
            guard let text = Self.splitKeyText(value) else {
                self = Self.invalidSplit("the bucketing key is \(value.typeName), not a string or a number")
                return
            }
            bucketingKey = text
        }
        var attributes: [String: JSONValue] = [:]
        switch members["attributes"] {
        case nil, .null?: break
        case .object(let given)?: attributes = given
        case let other?:
            self = Self.invalidSplit("attributes are \(other.typeName), not an object")
            return
        }
        self.init(splitKey: key, bucketingKey: bucketingKey, attributes: attributes)
    }

    /// The context of a Split event (`track`): one single context whose kind is the traffic type,
    /// so that the event's keys read `{trafficType: key}`. Invalid when Split refuses the key
    /// (empty, longer than 250 characters); the traffic type is checked by the caller.
    package init(splitTrafficType trafficType: String, key: String) {
        self.init(single: SingleContext(kind: trafficType, key: key, attributes: [:]),
                  invalidReason: Self.splitKeyProblem(key, "key"))
    }

    private static func invalidSplit(_ reason: String) -> Context {
        Context(single: SingleContext(kind: splitKind, key: "", attributes: [:]), invalidReason: reason)
    }

    /// A key as Split's SDKs take it: a string as is, an integral number in decimal, another
    /// finite number as Python writes it.
    static func splitKeyText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: return s
        case .number(let n)? where n.doubleValue.isFinite: return PythonJSONText.number(n.doubleValue)
        default: return nil
        }
    }

    /// Why Split's SDKs refuse `key`, or `nil`.
    static func splitKeyProblem(_ key: String, _ what: String) -> String? {
        if key.unicodeScalars.allSatisfy(PythonInteger.isSpace) { return "the \(what) is empty" }
        if key.unicodeScalars.count > splitMaxKeyLength {
            return "the \(what) is longer than \(splitMaxKeyLength) characters"
        }
        return nil
    }
}
