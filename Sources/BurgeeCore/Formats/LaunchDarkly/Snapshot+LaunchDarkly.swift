extension Snapshot {
    /// Compiles LaunchDarkly definitions (see ``LaunchDarklyLowering`` for the semantics).
    ///
    /// The snapshot has no native ``document`` and ``version`` 0 (LaunchDarkly's data has no
    /// document version; each flag and segment has its own). Tombstones are not compiled: their
    /// flags and segments are absent.
    package convenience init(launchDarkly document: LaunchDarklyDocument, flagSets: Set<String>? = nil) {
        let program = ProgramLinker.link(LaunchDarklyLowering.lower(document), flagSets: flagSets)
        let flags = document.liveFlags.mapValues(\.json)
        let segments = document.liveSegments.mapValues(\.json)
        self.init(version: 0, source: .items(.launchDarkly, flags: flags, segments: segments), program: program)
    }

    /// Reads and compiles LaunchDarkly's flag data (or a stream `put`).
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` when it is not LaunchDarkly's shape.
    package convenience init(launchDarklyJSON json: JSONValue) throws(DefinitionsError) {
        try self.init(launchDarkly: LaunchDarklyDocument(json: json))
    }
}
