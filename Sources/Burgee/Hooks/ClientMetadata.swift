/// The evaluating client as hooks see it (OpenFeature's client and provider metadata).
public struct ClientMetadata: Sendable, Hashable {
    /// The client's name: the label of its configured logger.
    public var name: String
    /// The provider's name, OpenFeature's `providerMetadata.name`: `burgee`.
    public var providerName: String

    /// Metadata.
    public init(name: String, providerName: String = "burgee") {
        self.name = name
        self.providerName = providerName
    }
}
