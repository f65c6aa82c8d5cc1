/// A dependency on a parent feature (one level only).
package struct UnleashDependency: Sendable {
    /// The parent feature's name.
    package var feature: String
    /// Whether the parent must be enabled (default) or disabled.
    package var enabled: Bool
    /// When non-empty and `enabled`, the parent's variant must be one of these names.
    package var variants: [String]
    package var path: JSONPointer

    /// A dependency.
    package init(feature: String, enabled: Bool = true, variants: [String] = [], path: JSONPointer = .root) {
        self.feature = feature
        self.enabled = enabled
        self.variants = variants
        self.path = path
    }

    /// Reads a dependency at `path`, recording problems in `r`.
    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path), let feature = r.requiredString(o, "feature", at: path) else { return nil }
        self.init(feature: feature, enabled: r.bool(o, "enabled", default: true, at: path),
                  variants: r.stringArray(o, "variants", at: path), path: path)
    }
}
