/// This SDK's name and version, as servers are told them.
enum SDKVersion {
    /// The release version.
    static let version = "0.1.0"
    /// `burgee-swift:<version>`, Unleash's `unleash-sdk` header and `sdkVersion` field.
    static let unleashName = "burgee-swift:\(version)"
    /// `BurgeeSwift/<version>`: the `User-Agent` sent to LaunchDarkly's service, in the
    /// `Name/version` form LaunchDarkly's SDKs use.
    static let launchDarklyUserAgent = "BurgeeSwift/\(version)"
}
