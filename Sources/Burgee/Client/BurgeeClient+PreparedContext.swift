import BurgeeCore

extension BurgeeClient {
    /// `context` prepared for the current definitions: its evaluations read each attribute a
    /// rule tests at a position found once here, instead of looking its name up in every test.
    ///
    /// Prepare a context once per request when several flags, or flags with many rules, are
    /// evaluated for it; it answers exactly what the context itself answers. Preparing costs about
    /// as much as one lookup per attribute of the context; a context prepared before the
    /// definitions change evaluates as an unprepared one until it is prepared again.
    ///
    /// ```swift
    /// let context = client.prepare(Context(key: "user-1", attributes: ["plan": "pro"]))
    /// let checkout = client.boolVariation("new-checkout", context: context, default: false)
    /// let layout = client.stringVariation("paywall.layout", context: context, default: "classic")
    /// ```
    /// Before the client is ready, `context` is returned unchanged.
    public func prepare(_ context: Context) -> Context {
        guard let snapshot = cell.read({ $0.snapshot }) else { return context }
        return snapshot.prepare(context)
    }
}
