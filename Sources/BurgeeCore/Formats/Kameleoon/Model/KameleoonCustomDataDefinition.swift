/// One entry of a Kameleoon document's `customData`: how a custom data's id and name map to the
/// index visitors' data is stored under.
package struct KameleoonCustomDataDefinition: Sendable, Equatable {
    package var id: Int64?
    package var index: Int64
    package var name: String?
    /// Kept on the visitor, never sent to Kameleoon.
    package var localOnly: Bool
    /// Its first value links an anonymous visitor to a known user: the visitor's code then stands
    /// for both in bucketing.
    package var isMappingIdentifier: Bool

    package init(id: Int64?, index: Int64, name: String?, localOnly: Bool = false, isMappingIdentifier: Bool = false) {
        self.id = id
        self.index = index
        self.name = name
        self.localOnly = localOnly
        self.isMappingIdentifier = isMappingIdentifier
    }
}
