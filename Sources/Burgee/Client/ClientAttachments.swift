import BurgeeCore

/// State a client-side module keeps for one client (a vendor's store of stateful visitors, say),
/// made on first use and kept for the client's life. Each module keys its state by its own type,
/// so the shared code names none.
final class ClientAttachments: Sendable {
    private let values = Locked<[ObjectIdentifier: any AnyObject & Sendable]>([:])

    /// The attachment of type `T`, made by `make` the first time it is asked for.
    func value<T: AnyObject & Sendable>(_ type: T.Type, make: () -> T) -> T {
        values.withLock { values in
            // Kept under `T`'s own identifier, so the object is a `T`: no dynamic cast.
            if let existing = values[ObjectIdentifier(T.self)] { return unsafeDowncast(existing, to: T.self) }
            let made = make()
            values[ObjectIdentifier(T.self)] = made
            return made
        }
    }
}

extension BurgeeClient {
    /// The client's attachment of type `T` (a class, so that every caller shares it), made by
    /// `make` on first use. A module's view of the client keeps its per-client state here.
    package func attachment<T: AnyObject & Sendable>(_ type: T.Type = T.self, make: () -> T) -> T {
        attachments.value(type, make: make)
    }
}

extension BurgeeClient.Configuration {
    /// A module's settings of type `T`, set by that module's configuration spellings
    /// (`nil` when none were set).
    package subscript<T: Sendable>(module type: T.Type) -> T? {
        get { moduleSettings[ObjectIdentifier(type)] as? T }
        set { moduleSettings[ObjectIdentifier(type)] = newValue }
    }
}
