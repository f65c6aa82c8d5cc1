import BurgeeCore

/// The toggles Unleash's frontend API answers for a context, evaluated with Unleash's semantics
/// through the server's compiled snapshot: each enabled toggle as
/// `{"name","enabled":true,"variant":{"name","enabled","feature_enabled","payload"?},"impressionData"}`,
/// the variant being what `getVariant` gives (``Snapshot/unleashVariant(for:flag:)``). Disabled
/// and unknown toggles are left out, as Unleash Edge leaves them out of `/api/frontend`.
enum UnleashFrontendToggles {
    /// Every enabled toggle for `context`, sorted by name (Edge's order).
    static func enabled(in snapshot: Snapshot, context: Context) -> [JSONValue] {
        snapshot.flagKeys.sortedInByteOrder().compactMap { toggle($0, in: snapshot, context: context) }
    }

    /// The toggle `name` for `context`; `nil` when it is disabled or unknown.
    static func toggle(_ name: String, in snapshot: Snapshot, context: Context) -> JSONValue? {
        guard !snapshot.isHidden(flag: name) else { return nil }
        let detail = snapshot.evaluate(name, context: context)
        guard snapshot.unleashIsEnabled(detail) else { return nil }
        let impressionData = snapshot.metadata(ofFlag: name)["impressionData"] ?? .bool(false)
        return ["name": .string(name), "enabled": true, "variant": snapshot.unleashVariant(for: detail, flag: name).json,
                "impressionData": impressionData]
    }

    /// `{"toggles":[…]}`.
    static func body(_ toggles: [JSONValue]) -> [UInt8] {
        Array(JSONValue.object(["toggles": .array(toggles)]).serialized().utf8)
    }
}
