import BurgeeCore

extension BurgeeClient {
    // MARK: Per-call hooks

    /// ``variation(_:context:default:track:)`` with hooks for this call alone, run after the
    /// client's (OpenFeature's invocation hooks; see ``Hook``). Any ``FlagValue`` type, so one
    /// call serves every typed getter.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func variation<T: FlagValue>(_ key: String, context: Context, default defaultValue: T, track: Bool = true,
                                        hooks: [any Hook]) -> T {
        interceptedDetail(key, context, defaultValue, track, bound: [], call: hooks).value
    }

    /// ``variationDetail(_:context:default:track:)`` with hooks for this call alone, run after the
    /// client's (see ``Hook``).
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func variationDetail<T: FlagValue>(_ key: String, context: Context, default defaultValue: T,
                                              track: Bool = true, hooks: [any Hook]) -> FlagDetail<T> {
        interceptedDetail(key, context, defaultValue, track, bound: [], call: hooks)
    }

    // MARK: The intercepted path

    /// One evaluation with the client's, `bound` and `call` hooks around it, then its span event
    /// when the client records them. Off the hot path: only clients with hooks or span events,
    /// and calls that bring their own hooks, come here.
    @inline(never)
    func interceptedDetail<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T, _ track: Bool,
                                         bound: [any Hook], call: [any Hook]) -> FlagDetail<T> {
        var hookContext = HookContext(flagKey: key, valueType: T.valueType, defaultValue: defaultValue,
                                      context: context, clientName: clientName)
        var result: FlagDetail<T>
        do {
            try Self.eachHook(hooks, bound, call, reversed: false) { hook in
                if let added = try hook.before(hookContext) {
                    hookContext.context = ContextMerge.merge(hookContext.context, added)
                }
            }
            result = plainDetail(key, hookContext.context, defaultValue, track)
            if result.isError {
                let failure = result.reason.errorKind ?? .exception
                Self.eachHook(hooks, bound, call, reversed: true) { $0.error(hookContext, error: failure) }
            } else {
                let succeeded = result
                try Self.eachHook(hooks, bound, call, reversed: true) { try $0.after(hookContext, detail: succeeded) }
            }
        } catch {
            // OpenFeature: a failing before or after stage makes the call return the default with
            // ERROR/GENERAL; the application keeps running.
            logger.error("a flag evaluation hook failed; serving the default",
                         metadata: ["flag": "\(key)", "error": "\(error)"])
            result = FlagDetail(flagKey: key, value: defaultValue, reason: .error(.exception))
            Self.eachHook(hooks, bound, call, reversed: true) { $0.error(hookContext, error: error) }
        }
        let final = result
        Self.eachHook(hooks, bound, call, reversed: true) { $0.finally(hookContext, detail: final) }
        if let spanEvents {
            let info = cell.read { state in
                state.snapshot.flatMap { snapshot in snapshot.position(ofFlag: key).map(snapshot.info(at:)) }
            }
            spanEvents.record(result, context: hookContext.context, version: info?.version, sets: info?.sets ?? [])
        }
        return result
    }

    /// Runs `body` on the client's, the bound client's and the call's hooks in that order, or
    /// reversed, without concatenating the lists (which would allocate).
    @inline(__always)
    static func eachHook(_ client: [any Hook], _ bound: [any Hook], _ call: [any Hook], reversed: Bool,
                         _ body: (any Hook) throws -> Void) rethrows {
        if reversed {
            for hook in call.reversed() { try body(hook) }
            for hook in bound.reversed() { try body(hook) }
            for hook in client.reversed() { try body(hook) }
        } else {
            for hook in client { try body(hook) }
            for hook in bound { try body(hook) }
            for hook in call { try body(hook) }
        }
    }
}
