import BurgeeCore

/// The served definitions compiled into a ``Snapshot``, for the endpoints that evaluate (OFREP).
///
/// Compiled when the served definitions change, by whoever changed them (the file watcher, an
/// update), never by a request: requests only read the current snapshot.
final class CompiledDefinitions: Sendable {
    /// The latest snapshot and the document version it was compiled from.
    struct Current: Sendable {
        var version: Int64
        var snapshot: Snapshot?
    }

    private let format: DefinitionsFormat
    private let current: Locked<Current>

    init(_ served: ServedDefinitions, format: DefinitionsFormat) {
        self.format = format
        current = Locked(Current(version: served.documentVersion, snapshot: Self.compile(served, format: format)))
    }

    /// The snapshot of the latest definitions; `nil` when they could not be compiled.
    var snapshot: Snapshot? {
        current.withLock { $0.snapshot }
    }

    /// The snapshot of the latest definitions with its document version, read together.
    var latest: Current {
        current.withLock { $0 }
    }

    /// Compiles `served` unless newer definitions were compiled already (updates may race;
    /// the newest document version wins).
    func update(_ served: ServedDefinitions) {
        guard current.withLock({ served.documentVersion > $0.version }) else { return }
        let snapshot = Self.compile(served, format: format)
        current.withLock { c in
            guard served.documentVersion > c.version else { return }
            c = Current(version: served.documentVersion, snapshot: snapshot)
        }
    }

    /// The served document (versions as served) read as definitions of the server's format and
    /// compiled; `nil` for definitions this version cannot evaluate.
    private static func compile(_ served: ServedDefinitions, format: DefinitionsFormat) -> Snapshot? {
        guard let json = try? JSONParser().parse(Array(served.body.readableBytesView)),
              let definitions = try? Definitions(json: json, format: format) else { return nil }
        return Snapshot(compiling: definitions)
    }
}
