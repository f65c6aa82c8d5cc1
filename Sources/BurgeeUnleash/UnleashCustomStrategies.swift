import Burgee
import BurgeeCore

/// The code of an Unleash custom strategy: whether it is on for a context, given the strategy's
/// parameters as Unleash's server sends them (Unleash SDKs' `Strategy.isEnabled(parameters, context)`).
///
/// Called each time an evaluation reaches the strategy (a toggle off, or turned on by an earlier
/// strategy, never calls it), on the evaluating thread: keep it short, free of side effects and
/// of blocking.
public typealias UnleashCustomStrategy = @Sendable (_ parameters: [String: String], _ context: UnleashContext) -> Bool

/// Unleash's settings of a client: its custom strategies.
///
/// ```swift
/// var configuration = BurgeeClient.Configuration.unleash(UnleashConnection(url: "https://unleash.example.com/api"),
///                                                        apiToken: "*:production.abc")
/// configuration.unleash.customStrategies["region"] = { parameters, context in
///     let regions = (parameters["regions"] ?? "").split(separator: ",").map(String.init)
///     return regions.contains(context.properties["region"] ?? "")
/// }
/// ```
public struct UnleashSettings: Sendable {
    /// The custom strategies this client evaluates, by the name toggles give them; a custom
    /// strategy not registered here never passes. The names are registered with Unleash (the
    /// registration's `strategies`). As in Yggdrasil, Unleash's engine, a strategy's result is
    /// ANDed with its constraints and segments, and a parent toggle evaluated as a dependency
    /// reads the child's custom strategies' results by position.
    public var customStrategies: [String: UnleashCustomStrategy] = [:]

    /// Settings without custom strategies.
    public init() {}
}

extension BurgeeClient.Configuration {
    /// Unleash's settings: the custom strategies this client evaluates.
    public var unleash: UnleashSettings {
        get { compileOptions.unleash }
        set { compileOptions.unleash = newValue }
    }
}

extension CompileOptions {
    /// Unleash's settings, kept as the source of the external conditions custom strategies lower to.
    package var unleash: UnleashSettings {
        get { (externalConditions as? UnleashCustomStrategies)?.settings ?? UnleashSettings() }
        set { externalConditions = newValue.customStrategies.isEmpty ? nil : UnleashCustomStrategies(newValue) }
    }
}

/// Decides custom strategies with the code the client registered (``UnleashSettings``).
struct UnleashCustomStrategies: ExternalConditionSource {
    let settings: UnleashSettings

    init(_ settings: UnleashSettings) {
        self.settings = settings
    }

    /// The registered names, sorted, for the registration.
    var names: [String] { settings.customStrategies.keys.sorted() }

    func holds(_ condition: ExternalCondition, context: Context) -> Bool {
        guard let strategy = settings.customStrategies[condition.name] else { return false }
        return strategy(condition.parameters, UnleashContext(context))
    }
}
