import BurgeeCore

/// When each flag last changed, as the explorer tells it: a flag whose fingerprint differs from
/// the one seen by the previous listing is stamped with the time of the served document's latest
/// change. The page lists about once a second, so that is the change that altered it, unless
/// several changes came within one listing.
final class ExplorerChanges: Sendable {
    private struct State {
        var fingerprints: [String: String] = [:]
        var changedAt: [String: Int64] = [:]
        var listed = false
    }

    private let state = Locked(State())

    /// Records a listing's fingerprints, taken when the document last changed at
    /// `modified` (Unix milliseconds); returns each flag's time of change, absent for a flag
    /// unchanged since the server started.
    func record(_ fingerprints: [String: String], modified: Int64) -> [String: Int64] {
        state.withLock { s in
            if s.listed {
                for (key, fingerprint) in fingerprints where s.fingerprints[key] != fingerprint {
                    s.changedAt[key] = modified
                }
            }
            for key in s.changedAt.keys where fingerprints[key] == nil { s.changedAt[key] = nil }
            s.fingerprints = fingerprints
            s.listed = true
            return s.changedAt
        }
    }
}
