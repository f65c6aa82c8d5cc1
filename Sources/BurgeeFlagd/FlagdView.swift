import Burgee
import BurgeeCore

/// flagd's call on a `BurgeeClient`, in flagd's words: `client.flagd.evaluation(…)` gives what
/// flagd's `ResolveBoolean`/`ResolveString`/… (and OpenFeature's flagd providers) report for a
/// flag: value, variant, reason, error code and flag metadata.
///
/// ```swift
/// let result = client.flagd.evaluation("color", context: Context(flagdJSON: ["targetingKey": "user-1"]))
/// ```
///
/// A view holds only its caller, a `BurgeeClient` or a `BoundClient` (whose calls take no
/// context): taking one costs nothing.
public struct FlagdView<Caller: Sendable>: Sendable {
    /// The client, or bound client, the calls go to.
    let caller: Caller
}

extension FlagdView where Caller == BurgeeClient {
    /// The client the calls go to.
    var client: BurgeeClient { caller }

    /// A flag's evaluation as flagd's `Resolve…` calls and OpenFeature's flagd providers report
    /// it: value (absent when the caller's default applies), variant, reason (`STATIC`,
    /// `TARGETING_MATCH`, `DEFAULT`, `DISABLED`, `ERROR`), error code and flag metadata (see
    /// `FlagdEvaluation`).
    ///
    /// For flags of other formats the reasons are OpenFeature's as `FlagDetail` gives them. An
    /// unknown flag is `ERROR`/`FLAG_NOT_FOUND`; a client that is not ready `ERROR`/`PROVIDER_NOT_READY`.
    /// Counts in the summary and records exposures like every evaluation.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func evaluation(_ key: String, context: Context, track: Bool = true) -> FlagdEvaluation {
        client.evaluateForView(key, context: context, track: track) { detail, snapshot in
            snapshot?.flagdResult(for: detail, flag: key)
                ?? FlagdEvaluation(value: nil, variant: nil, reason: "ERROR", errorCode: detail.reason.openFeatureErrorCode,
                                   flagMetadata: [:])
        }
    }
}

extension FlagdView where Caller == BoundClient {
    // A bound client's calls, for its own context: `bound.flagd.evaluation("…")`.
    /// See ``FlagdView/evaluation(_:context:track:)``.
    public func evaluation(_ key: String, track: Bool = true) -> FlagdEvaluation {
        caller.client.flagd.evaluation(key, context: caller.context, track: track)
    }
}

extension BurgeeClient {
    /// flagd's call: `evaluation`, a flag's result as flagd reports it.
    public var flagd: FlagdView<BurgeeClient> { FlagdView(caller: self) }
}

extension BoundClient {
    /// flagd's call for this bound client's context.
    public var flagd: FlagdView<BoundClient> { FlagdView(caller: self) }
}
