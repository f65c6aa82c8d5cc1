/// The assignments a precomputing service hands a client SDK for one subject: every flag that
/// assigns the subject a variation (an allocation matched), each evaluated with its declared type,
/// as Eppo's core computes a precomputed configuration (`get_precomputed_configuration`): flags
/// that serve the default (no allocation matched), are disabled or fail are left out.
package struct UFCPrecomputedAssignment: Sendable {
    /// The flag's key.
    package var key: String
    /// The flag's declared type.
    package var type: ValueType
    /// What the vendor's SDK answers for the evaluation.
    package var result: UFCResult
}

extension Snapshot {
    /// Every flag assigned to the subject `context`, in the snapshot's order (see ``UFCPrecomputedAssignment``).
    package func ufcPrecomputedAssignments(for context: Context, vendor: UFCVendor) -> [UFCPrecomputedAssignment] {
        var assignments: [UFCPrecomputedAssignment] = []
        for key in flagKeys {
            guard let position = position(ofFlag: key) else { continue }
            let type = program.flags[position.index].declaredType ?? .json
            let detail = evaluate(at: position, context: context, as: type)
            // An assignment is a matched allocation; the default, a disabled flag and errors are none.
            guard detail.reason.kind == .ruleMatch || detail.reason.kind == .targetMatch else { continue }
            assignments.append(UFCPrecomputedAssignment(
                key: key, type: type, result: UFCResult(detail, flag: key, context: context, in: self, vendor: vendor)))
        }
        return assignments
    }
}
