import Burgee
import BurgeeCore

/// Kameleoon's calls on a `BurgeeClient`, in Kameleoon's words: `client.kameleoon.getVariation(…)`
/// and its siblings answer what a Kameleoon server SDK's `getVariation`, `getVariations`,
/// `isFeatureActive`, `getFeatureVariationKey` and `getFeatureVariable` answer, for the flags of
/// a Kameleoon configuration.
///
/// ```swift
/// try client.kameleoon.addData(visitorCode: "7b1c9f2e", .customData(index: 1, values: ["pro"]))
/// let variation = try client.kameleoon.getVariation(visitorCode: "7b1c9f2e", featureKey: "ff_checkout")
/// if variation.key == "on" { print(variation.variables["color"]?.value ?? "") }
/// ```
///
/// A Kameleoon visitor is stateful: the client keeps each visitor's data, consent and
/// assignments (within ``KameleoonVisitorLimits``), and every call for a visitor code reads and
/// updates them, as Kameleoon's SDKs do. Evaluations count and record exposures like every
/// evaluation; with a Kameleoon event destination, assignments, data and conversions are also
/// tracked to Kameleoon. A view holds only its client: taking one costs nothing.
public struct KameleoonView: Sendable {
    /// The client the calls go to.
    let client: BurgeeClient

    /// The variation of `featureKey` for the visitor (Kameleoon's `getVariation(visitorCode,
    /// featureKey, track)`); the assignment is saved for the visitor and, with `track`, tracked.
    /// - Throws: ``KameleoonError/visitorCodeInvalid(_:)``, ``KameleoonError/featureNotFound(_:)``
    ///   (also before the first configuration), ``KameleoonError/featureEnvironmentDisabled(_:)``.
    public func getVariation(visitorCode: String, featureKey: String, track: Bool = true) throws(KameleoonError)
        -> KameleoonVariation
    {
        try Self.check(visitorCode)
        return try evaluate(visitorCode, featureKey, track: track, services: client.kameleoonServices)
    }

    /// The variations of every flag for the visitor, by feature key (Kameleoon's
    /// `getVariations(visitorCode, onlyActive, track)`): flags off in the environment (or turned
    /// off by consent blocking) are left out, and with `onlyActive` those whose variation is `off`.
    public func getVariations(visitorCode: String, onlyActive: Bool = false, track: Bool = true) throws(KameleoonError)
        -> [String: KameleoonVariation]
    {
        try Self.check(visitorCode)
        let services = client.kameleoonServices
        var variations: [String: KameleoonVariation] = [:]
        for key in featureKeys() {
            do throws(KameleoonError) {
                let variation = try evaluate(visitorCode, key, track: track, services: services)
                if !onlyActive || variation.isActive { variations[key] = variation }
            } catch {
                if case .featureEnvironmentDisabled = error { continue }
                throw error
            }
        }
        // Registered even when every flag is off in the environment, as Kameleoon's SDKs do.
        if track { KameleoonTracker(client: client).register(visitorCode) }
        return variations
    }

    /// Whether the feature is on for the visitor: its variation is not `off` (Kameleoon's
    /// `isFeatureActive(visitorCode, featureKey, track)`); `false` for a flag off in the environment.
    /// - Throws: ``KameleoonError/visitorCodeInvalid(_:)``, ``KameleoonError/featureNotFound(_:)``.
    public func isFeatureActive(visitorCode: String, featureKey: String, track: Bool = true) throws(KameleoonError) -> Bool {
        do throws(KameleoonError) {
            return try getVariation(visitorCode: visitorCode, featureKey: featureKey, track: track).isActive
        } catch {
            if case .featureEnvironmentDisabled = error { return false }
            throw error
        }
    }

    /// The key of the visitor's variation (Kameleoon's `getFeatureVariationKey`).
    public func getFeatureVariationKey(visitorCode: String, featureKey: String) throws(KameleoonError) -> String {
        try getVariation(visitorCode: visitorCode, featureKey: featureKey).key
    }

    /// The value of a variable of the visitor's variation (Kameleoon's `getFeatureVariable`).
    /// - Throws: as ``getVariation(visitorCode:featureKey:track:)``, and
    ///   ``KameleoonError/featureVariableNotFound(_:)`` when the variation has no such variable.
    public func getFeatureVariable(visitorCode: String, featureKey: String, variableName: String) throws(KameleoonError)
        -> JSONValue
    {
        let variation = try getVariation(visitorCode: visitorCode, featureKey: featureKey)
        guard let variable = variation.variables[variableName] else { throw .featureVariableNotFound(variableName) }
        return variable.value
    }

    /// The keys of the current configuration's flags, in its order (empty before the first one).
    func featureKeys() -> [String] {
        client.cell.read { $0.snapshot?.kameleoonDocument?.flags.map(\.featureKey) ?? [] }
    }

    /// One evaluation for a visitor, as Kameleoon's SDKs make it: the visitor prepared for the
    /// flag (its holdout assignment, bandit picks), evaluated, the served assignment saved, and
    /// both held for tracking (the holdout's always, the served one unless `track` is false); with
    /// `track`, the visitor is registered for the next tracking run, which decides consent.
    /// `services` is looked up once by the caller: `getVariations` evaluates every flag with it.
    private func evaluate(_ code: String, _ key: String, track: Bool, services: KameleoonServices) throws(KameleoonError)
        -> KameleoonVariation
    {
        let now = client.cell.read { $0.snapshot?.nowMilliseconds } ?? client.clock.wallMilliseconds()
        let result = try services.visitors.withTrackedVisitor(code, now: now) { visitor, tracking throws(KameleoonError) in
            client.evaluateForView(key, track: track, prepare: { snapshot in
                guard let document = snapshot?.kameleoonDocument, let flag = document.flag(key) else {
                    return Context(kameleoon: visitor, now: now)
                }
                var holdout: KameleoonVisitor.Assignment?
                let context = visitor.prepared(for: flag, document: document, now: now, holdout: &holdout)
                if let holdout {
                    // Kameleoon's SDKs save the holdout's assignment as tracked, whatever `track` says.
                    KameleoonTracker.assign(.init(experimentId: holdout.experimentId, variationId: holdout.variationId,
                                                  targetedDelivery: false), into: &tracking, tracked: true)
                }
                return context
            }) { detail, snapshot -> KameleoonResult in
                let flag = snapshot?.kameleoonDocument?.flag(key)
                let result = KameleoonResult(detail, flag: flag)
                guard let flag else { return result }
                visitor.record(detail, of: flag, at: now)
                if let served = KameleoonServed(detail, flag: flag), let variationId = served.variationId {
                    KameleoonTracker.assign(.init(experimentId: served.experimentId, variationId: variationId,
                                                  targetedDelivery: served.rule.kind == .targetedDelivery),
                                            into: &tracking, tracked: track)
                }
                return result
            }
        }
        switch result.error {
        case "FeatureNotFound"?: throw .featureNotFound(key)
        case "FeatureEnvironmentDisabled"?: throw .featureEnvironmentDisabled(key)
        case "VisitorCodeInvalid"?: throw .visitorCodeInvalid(code)
        default: break
        }
        if track { KameleoonTracker(client: client).register(code) }
        return KameleoonVariation(result)
    }

    /// Refuses a visitor code Kameleoon's SDKs refuse: empty, or longer than 255 characters.
    static func check(_ code: String) throws(KameleoonError) {
        if code.isEmpty { throw .visitorCodeInvalid("the visitor code is empty") }
        if code.count > Context.kameleoonMaxCodeLength {
            throw .visitorCodeInvalid("the visitor code is longer than \(Context.kameleoonMaxCodeLength) characters")
        }
    }
}

extension BurgeeClient {
    /// Kameleoon's calls: `getVariation`, `isFeatureActive`, `addData`, … in Kameleoon's words.
    public var kameleoon: KameleoonView { KameleoonView(client: self) }
}
