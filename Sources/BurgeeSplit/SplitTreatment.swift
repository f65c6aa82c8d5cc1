import BurgeeCore

/// A treatment and its configuration, as Split's `getTreatmentWithConfig` returns them.
public struct SplitTreatment: Sendable, Hashable {
    /// The treatment; `control` when the flag could not be evaluated.
    public var treatment: String
    /// The treatment's configuration (JSON text, as Split keeps it); `nil` when it has none.
    public var config: String?

    /// A treatment with its configuration.
    public init(treatment: String, config: String?) {
        self.treatment = treatment
        self.config = config
    }

    /// Split's answer for an evaluation that could not be made.
    public static let control = SplitTreatment(treatment: "control", config: nil)
}
