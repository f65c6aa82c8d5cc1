import BurgeeCore

/// Code that runs around flag evaluations, in OpenFeature's shape: ``before(_:)`` may add to the
/// context, then ``after(_:detail:)`` on success or ``error(_:error:)`` on failure, and
/// ``finally(_:detail:)`` always.
///
/// Hooks are registered on the client (``BurgeeClient/Configuration/hooks``), on a bound client
/// (``BoundClient/hooks``) and per call (``BurgeeClient/variation(_:context:default:track:hooks:)``,
/// ``BurgeeClient/variationDetail(_:context:default:track:hooks:)``). `before` runs client hooks,
/// then bound hooks, then the call's; the other stages run in the reverse order, as the
/// OpenFeature specification orders API, client, invocation and provider hooks.
///
/// Hooks run around the typed getters and details (`boolVariation`, `stringVariationDetail`,
/// `variation(_:context:default:)`…), the calls OpenFeature's `getXValue` and `getXDetails`
/// correspond to; `variation(_:context:)`, `variations`, `allFlagsState` and the vendor views'
/// calls (`client.unleash`, `client.launchDarkly`, `client.flagd`) run none.
///
/// When `before` or `after` throws, the error is logged, the ``error(_:error:)`` stage runs with
/// it, and the call returns the caller's default with `ERROR/EXCEPTION` (OpenFeature's `GENERAL`).
/// An evaluation that fails by itself (an unknown flag, a wrong type…) runs `error` with its
/// error kind (an `EvaluationReason.ErrorKind`) instead of `after`. `error` and `finally` cannot
/// throw.
///
/// Every stage has a default that does nothing, so a hook implements only the stages it needs.
/// Implement them with exactly these signatures: a method that differs (a concrete `Bool` for
/// `Value`, say) is a new method, and the default would run instead.
///
/// ```swift
/// struct AuditHook: Hook {
///     func after<Value: FlagValue>(_ hookContext: HookContext<Value>, detail: FlagDetail<Value>) {
///         print(hookContext.flagKey, detail.value, detail.openFeatureReason)
///     }
/// }
/// ```
public protocol Hook: Sendable {
    /// Runs before the evaluation. A context returned is merged into the evaluation's context
    /// (see ``HookContext/context``); `nil` leaves it as it is. Throwing stops the evaluation.
    func before<Value: FlagValue>(_ hookContext: HookContext<Value>) throws -> Context?

    /// Runs after an evaluation that succeeded, with its detail. Throwing turns the result into
    /// the caller's default with `ERROR/EXCEPTION`.
    func after<Value: FlagValue>(_ hookContext: HookContext<Value>, detail: FlagDetail<Value>) throws

    /// Runs when the evaluation failed (its `EvaluationReason.ErrorKind`, with `openFeatureErrorCode`) or a `before` or `after`
    /// stage threw (that error).
    func error<Value: FlagValue>(_ hookContext: HookContext<Value>, error: any Error)

    /// Runs last, whatever happened, with the detail the call returns.
    func finally<Value: FlagValue>(_ hookContext: HookContext<Value>, detail: FlagDetail<Value>)
}

extension Hook {
    /// Does nothing.
    public func before<Value: FlagValue>(_ hookContext: HookContext<Value>) throws -> Context? { nil }
    /// Does nothing.
    public func after<Value: FlagValue>(_ hookContext: HookContext<Value>, detail: FlagDetail<Value>) throws {}
    /// Does nothing.
    public func error<Value: FlagValue>(_ hookContext: HookContext<Value>, error: any Error) {}
    /// Does nothing.
    public func finally<Value: FlagValue>(_ hookContext: HookContext<Value>, detail: FlagDetail<Value>) {}
}
