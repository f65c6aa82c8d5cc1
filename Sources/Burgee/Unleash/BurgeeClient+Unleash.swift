import BurgeeCore

extension BurgeeClient {
    /// Unleash's `getVariant`: the variant an Unleash feature gives `context`, with its payload.
    ///
    /// `{"name":"disabled","enabled":false}` when the feature gives no variant: `featureEnabled`
    /// then says whether the feature itself is on (as ``isEnabled(_:context:track:)`` would).
    /// An unknown flag, a client that is not ready, or a flag of another format gives the
    /// disabled variant with `featureEnabled: false`. Counts in the summary and records an
    /// impression (exposure) for features with `impressionData`, like every evaluation.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func unleashVariant(_ key: String, context: Context, track: Bool = true) -> UnleashVariantResult {
        cell.readCounting { state in
            let detail = evaluate(state, key, context, as: .json, track: track)
            let result = state.unretainedSnapshot?._withUnsafeGuaranteedRef { $0.unleashVariant(for: detail, flag: key) }
            return (result ?? .disabled(featureEnabled: false), ClientMetrics.slot(detail.reason.kind))
        }
    }
}

extension BoundClient {
    /// See ``BurgeeClient/unleashVariant(_:context:track:)``.
    public func unleashVariant(_ key: String, track: Bool = true) -> UnleashVariantResult {
        client.unleashVariant(key, context: context, track: track)
    }
}
