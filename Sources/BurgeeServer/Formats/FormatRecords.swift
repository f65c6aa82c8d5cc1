import BurgeeCore

/// What a served format records of its clients' posts, each kind made on first use with the
/// server's ``DefinitionsServerConfiguration/maxRetainedRecords``: a format keeps its records in
/// its own folder without the server declaring them.
final class FormatRecords: Sendable {
    /// One kind of record, such as the posts of a vendor's SDKs.
    protocol Record: AnyObject, Sendable {
        /// A record keeping at most `capacity` entries of each kind.
        init(capacity: Int)
    }

    private let capacity: Int
    private let records = Locked<[ObjectIdentifier: any Record]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The server's record of `kind`.
    func of<R: Record>(_ kind: R.Type) -> R {
        records.withLock { records in
            if let record = records[ObjectIdentifier(kind)] as? R { return record }
            let record = R(capacity: capacity)
            records[ObjectIdentifier(kind)] = record
            return record
        }
    }
}
