/// This SDK's version, as servers are told it (each sync protocol names the SDK in its own form) and
/// as targeting that names the evaluating SDK reads it.
package enum SDKVersion {
    /// The release version.
    package static let version = "0.1.0"
}
