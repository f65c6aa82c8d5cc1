import BurgeeCore

/// One evaluation as Split records it: what an impression listener receives and what
/// `/testImpressions/bulk` carries.
public struct SplitImpression: Sendable, Hashable {
    /// The flag's name.
    public var flag: String
    /// The matching key.
    public var key: String
    /// The bucketing key, when the call gave one.
    public var bucketingKey: String?
    /// The treatment served (`control` when none could be).
    public var treatment: String
    /// The label of the outcome (`default rule`, `killed`, a condition's label…).
    public var label: String?
    /// The flag's change number.
    public var changeNumber: Int64
    /// When the flag was evaluated, in milliseconds since the Unix epoch.
    public var time: Int64
    /// When the same impression (key, flag, treatment, label, change number) was last seen, in
    /// modes OPTIMIZED and DEBUG; `nil` the first time and in mode NONE.
    public var previousTime: Int64?
    /// The attributes the call gave.
    public var attributes: [String: JSONValue]

    /// An impression.
    public init(flag: String, key: String, bucketingKey: String?, treatment: String, label: String?, changeNumber: Int64,
                time: Int64, previousTime: Int64? = nil, attributes: [String: JSONValue] = [:]) {
        self.flag = flag
        self.key = key
        self.bucketingKey = bucketingKey
        self.treatment = treatment
        self.label = label
        self.changeNumber = changeNumber
        self.time = time
        self.previousTime = previousTime
        self.attributes = attributes
    }
}

/// Called with each impression, after the evaluation (from the task that delivers events, never
/// from the evaluation itself), in the order the evaluations were recorded: Split's impression
/// listener.
public typealias SplitImpressionListener = @Sendable (SplitImpression) -> Void
