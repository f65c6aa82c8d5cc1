import BurgeeCore
import BurgeeTestSupport

/// One small document per format with one flag whose value flips with `on`, and what OFREP
/// answers for it either way: the upstream's documents in the relay's tests.
struct RelayDocument: Sendable, CustomStringConvertible {
    let format: DefinitionsFormat
    /// The flag's key.
    let flag: String
    /// The document at `version` serving the flag's "on" value or its "off" one.
    let text: @Sendable (_ on: Bool, _ version: Int) -> String
    /// OFREP's value for either.
    let values: (on: JSONValue, off: JSONValue)

    var description: String { format.displayName }

    static let all: [RelayDocument] = [native, unleash, launchDarkly, flagd, split, kameleoon, datadog, eppo]

    static let native = RelayDocument(format: .native, flag: "relayed", text: { on, version in
        Definitions.document(version: version, flags: [Definitions.boolFlag("relayed", on, version: version)])
    }, values: (true, false))

    static let unleash = RelayDocument(format: .unleash, flag: "relayed", text: { on, _ in
        #"{"version":2,"features":[{"name":"relayed","enabled":\#(on),"strategies":[{"name":"default"}]}]}"#
    }, values: (true, false))

    static let launchDarkly = RelayDocument(format: .launchDarkly, flag: "relayed", text: { on, version in
        #"{"flags":{"relayed":{"key":"relayed","version":\#(version),"on":true,"variations":[false,true],"#
            + #""fallthrough":{"variation":\#(on ? 1 : 0)},"offVariation":0,"targets":[],"rules":[],"prerequisites":[],"salt":"s"}},"#
            + #""segments":{}}"#
    }, values: (true, false))

    static let flagd = RelayDocument(format: .flagd, flag: "relayed", text: { on, _ in
        #"{"flags":{"relayed":{"state":"ENABLED","variants":{"on":true,"off":false},"defaultVariant":"\#(on ? "on" : "off")"}}}"#
    }, values: (true, false))

    static let split = RelayDocument(format: .split, flag: "relayed", text: { on, version in
        let flag = #"{"name":"relayed","trafficTypeName":"user","changeNumber":\#(version),"status":"ACTIVE","killed":false,"#
            + #""defaultTreatment":"off","seed":1,"algo":2,"sets":[],"conditions":[{"conditionType":"ROLLOUT","#
            + #""label":"in","matcherGroup":{"combiner":"AND","matchers":[{"matcherType":"ALL_KEYS","negate":false}]},"#
            + #""partitions":[{"treatment":"\#(on ? "on" : "off")","size":100}]}]}"#
        return #"{"ff":{"d":[\#(flag)],"s":-1,"t":\#(version)},"segments":{}}"#
    }, values: ("on", "off"))

    static let kameleoon = RelayDocument(format: .kameleoon, flag: "ff_relayed", text: { on, version in
        #"{"configuration":{"realTimeUpdate":false,"consentType":"NOT_REQUIRED","consentOptOutBehavior":"PARTIALLY_BLOCK","dataApiDomain":null},"#
            + #""customData":[],"segments":[],"featureFlags":[{"id":1,"featureKey":"ff_relayed","defaultVariationKey":"off","#
            + #""environmentEnabled":true,"mutuallyExclusiveGroup":null,"bucketingCustomDataId":null,"#
            + #""variations":[{"key":"off","name":"Off","variables":[]},{"key":"on","name":"On","variables":[]}],"#
            + #""rules":[{"id":10,"order":1,"type":"TARGETED_DELIVERY","exposition":1.0,"experimentId":100,"respoolTime":null,"segmentId":null,"#
            + #""variationByExposition":[{"variationKey":"\#(on ? "on" : "off")","variationId":1000,"exposition":1.0}]}]}],"#
            + #""dateModified":\#(1_767_225_600_000 + version * 1000)}"#
    }, values: ("on", "off"))

    static let datadog = RelayDocument(format: .datadog, flag: "relayed", text: ufc, values: ("new", "old"))
    static let eppo = RelayDocument(format: .eppo, flag: "relayed", text: ufc, values: ("new", "old"))

    private static let ufc: @Sendable (Bool, Int) -> String = { on, _ in
        #"{"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{"#
            + #""relayed":{"key":"relayed","enabled":true,"variationType":"STRING","totalShards":10000,"#
            + #""variations":{"a":{"key":"a","value":"new"},"b":{"key":"b","value":"old"}},"#
            + #""allocations":[{"key":"rest","splits":[{"variationKey":"\#(on ? "a" : "b")","shards":[]}],"doLog":true}]}}}"#
    }
}
