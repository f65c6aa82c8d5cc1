import Burgee
import BurgeeCore
import BurgeeSplit
import Logging

/// `burgee eval --format split --events URL`: each request through Split's
/// `getTreatmentWithConfig` (`client.split.treatmentWithConfig`), its context Split's
/// `{"key", "bucketingKey"?, "attributes"?}`; `{"track": {"key", "trafficType", "eventType",
/// "value"?, "properties"?}}` through Split's `track`. Impressions (in the mode
/// `--split-impressions-mode` names, OPTIMIZED by default) and events go to `URL/api`, as to
/// Split's events service: `/api/testImpressions/bulk`, `/api/testImpressions/count`,
/// `/api/events/bulk`, `/api/v1/keys/ss`; with a `redis://` URL, into that Redis as Split's SDKs
/// in consumer mode push them for Split's Synchronizer (`SPLITIO.impressions`, `SPLITIO.events`,
/// `SPLITIO.impressions.count`, `SPLITIO.uniquekeys`).
enum SplitEventsEvaluator: EventsEvaluator {
    static let format = DefinitionsFormat.split

    static func configuration(definitions: DefinitionsPayload, eventsURL url: String,
                              options: EventsEvalOptions) -> BurgeeClient.Configuration {
        let mode = options.splitImpressionsMode.flatMap { SplitImpressionsMode(rawValue: $0.uppercased()) } ?? .optimized
        var configuration = BurgeeClient.Configuration(sdkKey: EventsEvalOptions.sdkKey, source: .bootstrap(definitions),
                                                       logger: EventsEvalOptions.logger)
        if url.hasPrefix("redis://") || url.hasPrefix("rediss://"), let store = try? SplitRedisStore(url: url) {
            // Consumer mode: pushed into Redis for Split's Synchronizer, without a user prefix.
            configuration.events = .splitConsumer(store, SplitEventSettings(impressionsMode: mode),
                                                  flushInterval: EventsEvalOptions.flushInterval)
        } else {
            configuration.events = .split(SplitEventSettings(eventsURL: url + "/api", impressionsMode: mode),
                                          flushInterval: EventsEvalOptions.flushInterval)
        }
        return configuration
    }

    static func evaluate(flag: String, context: JSONValue, type: ValueType?, default: JSONValue,
                         on client: BurgeeClient) -> [(String, JSONValue)] {
        let members = context.objectValue ?? [:]
        // Split's SDKs refuse attributes that are not a map and a bucketing key that is not a
        // string or a number: control, and no impression.
        if let attributes = members["attributes"], !attributes.isNull, attributes.objectValue == nil {
            return [("treatment", "control"), ("config", .null)]
        }
        if let bucketingKey = members["bucketingKey"], !bucketingKey.isNull, keyText(bucketingKey) == nil {
            return [("treatment", "control"), ("config", .null)]
        }
        let result = client.split.treatmentWithConfig(
            flag, key: keyText(members["key"]) ?? "", bucketingKey: keyText(members["bucketingKey"]),
            attributes: members["attributes"]?.objectValue ?? [:])
        return [("treatment", .string(result.treatment)), ("config", result.config.map(JSONValue.string) ?? .null)]
    }

    static func track(_ event: JSONValue, on client: BurgeeClient) -> Bool {
        let members = event.objectValue ?? [:]
        // Split's SDKs refuse a value that is not a number and properties that are not a map.
        if let value = members["value"], !value.isNull, value.numberValue == nil { return false }
        if let properties = members["properties"], !properties.isNull, properties.objectValue == nil { return false }
        return client.split.track(key: keyText(members["key"]) ?? "", trafficType: members["trafficType"]?.stringValue ?? "",
                                  eventType: members["eventType"]?.stringValue ?? "",
                                  value: members["value"]?.numberValue, properties: members["properties"]?.objectValue)
    }

    /// A key as Split's SDKs take it: a string, or a number's decimal text.
    private static func keyText(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s)?: s
        case .number?: value?.serialized()
        default: nil
        }
    }
}
