import BurgeeCore

/// The error a hook's ``Hook/error(_:error:)`` stage receives when the evaluation itself failed:
/// an unknown flag, a value of the wrong type, an invalid context, a client not ready…
public struct FlagEvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `ERROR` reason, with its `EvaluationReason.errorKind`.
    public var reason: EvaluationReason

    /// An error.
    public init(reason: EvaluationReason) {
        self.reason = reason
    }

    /// The OpenFeature error code (`FLAG_NOT_FOUND`, `TYPE_MISMATCH`…); `GENERAL` when the
    /// reason names none.
    public var openFeatureErrorCode: String { reason.openFeatureErrorCode ?? "GENERAL" }

    /// The error code and Burgee's error kind.
    public var description: String {
        "\(openFeatureErrorCode) (\(reason.errorKind?.rawValue ?? "ERROR"))"
    }
}
