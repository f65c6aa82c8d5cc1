import BurgeeCore

/// flagd's call on a ``BurgeeClient``, in flagd's words: `client.flagd.evaluation(…)` gives what
/// flagd's `ResolveBoolean`/`ResolveString`/… (and OpenFeature's flagd providers) report for a
/// flag: value, variant, reason, error code and flag metadata.
///
/// ```swift
/// let result = client.flagd.evaluation("color", context: Context(flagdJSON: ["targetingKey": "user-1"]))
/// ```
///
/// A view holds only its client: taking one costs nothing.
public struct FlagdView: Sendable {
    /// The client the calls go to.
    let client: BurgeeClient

    init(client: BurgeeClient) {
        self.client = client
    }

    /// A flag's evaluation as flagd's `Resolve…` calls and OpenFeature's flagd providers report
    /// it: value (absent when the caller's default applies), variant, reason (`STATIC`,
    /// `TARGETING_MATCH`, `DEFAULT`, `DISABLED`, `ERROR`), error code and flag metadata (see
    /// `FlagdEvaluation`).
    ///
    /// For flags of other formats the reasons are OpenFeature's as ``FlagDetail`` gives them. An
    /// unknown flag is `ERROR`/`FLAG_NOT_FOUND`; a client that is not ready `ERROR`/`PROVIDER_NOT_READY`.
    /// Counts in the summary and records exposures like every evaluation.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func evaluation(_ key: String, context: Context, track: Bool = true) -> FlagdEvaluation {
        client.cell.readCounting { state in
            let detail = client.evaluate(state, key, context, as: .json, track: track)
            let result = state.unretainedSnapshot?._withUnsafeGuaranteedRef { $0.flagdResult(for: detail, flag: key) }
                ?? FlagdEvaluation(value: nil, variant: nil, reason: "ERROR", errorCode: detail.reason.openFeatureErrorCode,
                                   flagMetadata: [:])
            return (result, ClientMetrics.slot(detail.reason.kind))
        }
    }

    /// ``FlagdView``'s call for a ``BoundClient``'s context: `bound.flagd.evaluation("…")`.
    public struct Bound: Sendable {
        /// The client the calls go to.
        let client: BurgeeClient
        /// The context the calls are for.
        let context: Context

        init(client: BurgeeClient, context: Context) {
            self.client = client
            self.context = context
        }

        /// See ``FlagdView/evaluation(_:context:track:)``.
        public func evaluation(_ key: String, track: Bool = true) -> FlagdEvaluation {
            client.flagd.evaluation(key, context: context, track: track)
        }
    }
}

extension BurgeeClient {
    /// flagd's call: `evaluation`, a flag's result as flagd reports it.
    public var flagd: FlagdView { FlagdView(client: self) }
}

extension BoundClient {
    /// flagd's call for this bound client's context.
    public var flagd: FlagdView.Bound { FlagdView.Bound(client: client, context: context) }
}
