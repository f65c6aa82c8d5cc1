import Burgee
import BurgeeCore

/// Unleash's calls on a `BurgeeClient`, in Unleash's words: `client.unleash.isEnabled(…)` and
/// `client.unleash.variant(…)` for what an Unleash SDK's `unleash.isEnabled(…)` and
/// `unleash.getVariant(…)` answer. They work on flags of every format, and count and record
/// exposures like every evaluation.
///
/// ```swift
/// let context = Context(unleashJSON: ["userId": "42"])
/// if client.unleash.isEnabled("new-checkout", context: context) { print("new checkout") }
/// let variant = client.unleash.variant("checkout-button", context: context)
/// ```
///
/// A view holds only its caller, a `BurgeeClient` or a `BoundClient` (whose calls take no
/// context): taking one costs nothing.
public struct UnleashView<Caller: Sendable>: Sendable {
    /// The client, or bound client, the calls go to.
    let caller: Caller
}

extension UnleashView where Caller == BurgeeClient {
    /// The client the calls go to.
    var client: BurgeeClient { caller }

    /// Whether the flag is on for `context` (Unleash's `isEnabled(name, context)`).
    ///
    /// A boolean flag (every Unleash toggle) is on when it serves `true`. A flag of another type
    /// is on when it is enabled and targeting served a variation (target, rule or fallthrough —
    /// not `OFF`, `PREREQUISITE_FAILED` or `ERROR`). When it cannot be evaluated, a boolean
    /// fallback decides (Unleash's `fallback` argument), else `false`.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func isEnabled(_ key: String, context: Context, track: Bool = true) -> Bool {
        client.isEnabled(key, context: context, track: track)
    }

    /// The variant an Unleash feature gives `context`, with its payload (Unleash's
    /// `getVariant(name, context)`): an `UnleashVariantResult`, whose `UnleashVariantResult.json`
    /// is Unleash's `{"name","enabled","feature_enabled","payload"?:{"type","value"}}`.
    ///
    /// `{"name":"disabled","enabled":false}` when the feature gives no variant: `featureEnabled`
    /// then says whether the feature itself is on (as ``isEnabled(_:context:track:)`` would).
    /// An unknown flag, a client that is not ready, or a flag of another format gives the
    /// disabled variant with `featureEnabled: false`. Records an impression (exposure) for
    /// features with `impressionData`, like every evaluation.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func variant(_ key: String, context: Context, track: Bool = true) -> UnleashVariantResult {
        client.evaluateOutcomeForView(key, context: context, track: track) { outcome, snapshot in
            snapshot?.unleashVariant(for: outcome) ?? .disabled(featureEnabled: false)
        }
    }
}

extension UnleashView where Caller == BoundClient {
    // A bound client's calls, for its own context: `bound.unleash.isEnabled("…")`.
    /// See ``UnleashView/isEnabled(_:context:track:)``.
    public func isEnabled(_ key: String, track: Bool = true) -> Bool {
        caller.client.unleash.isEnabled(key, context: caller.context, track: track)
    }

    /// See ``UnleashView/variant(_:context:track:)``.
    public func variant(_ key: String, track: Bool = true) -> UnleashVariantResult {
        caller.client.unleash.variant(key, context: caller.context, track: track)
    }
}

extension BurgeeClient {
    /// Unleash's calls: `isEnabled` and `variant` (Unleash's `getVariant`).
    public var unleash: UnleashView<BurgeeClient> { UnleashView(caller: self) }
}

extension BoundClient {
    /// Unleash's calls for this bound client's context.
    public var unleash: UnleashView<BoundClient> { UnleashView(caller: self) }
}
