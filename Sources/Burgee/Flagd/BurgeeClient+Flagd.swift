import BurgeeCore

extension BurgeeClient {
    /// A flag's evaluation as OpenFeature's flagd providers report it: value (absent when the
    /// caller's default applies), variant, reason (`STATIC`, `TARGETING_MATCH`, `DEFAULT`,
    /// `DISABLED`, `ERROR`), error code and flag metadata (see ``FlagdEvaluation``).
    ///
    /// For flags of other formats the reasons are OpenFeature's as ``FlagDetail`` gives them. An
    /// unknown flag is `ERROR`/`FLAG_NOT_FOUND`; a client that is not ready `ERROR`/`PROVIDER_NOT_READY`.
    /// Counts in the summary and records exposures like every evaluation.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func flagdEvaluation(_ key: String, context: Context, track: Bool = true) -> FlagdEvaluation {
        cell.readCounting { state in
            let detail = evaluate(state, key, context, as: .json, track: track)
            let result = state.unretainedSnapshot?._withUnsafeGuaranteedRef { $0.flagdResult(for: detail, flag: key) }
                ?? FlagdEvaluation(value: nil, variant: nil, reason: "ERROR", errorCode: detail.reason.openFeatureErrorCode,
                                   flagMetadata: [:])
            return (result, ClientMetrics.slot(detail.reason.kind))
        }
    }
}

extension BoundClient {
    /// See ``BurgeeClient/flagdEvaluation(_:context:track:)``.
    public func flagdEvaluation(_ key: String, track: Bool = true) -> FlagdEvaluation {
        client.flagdEvaluation(key, context: context, track: track)
    }
}
