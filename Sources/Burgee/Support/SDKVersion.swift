/// This SDK's version, as servers are told it (each sync protocol names the SDK in its own form).
package enum SDKVersion {
    /// The release version.
    package static let version = "0.1.0"
}
