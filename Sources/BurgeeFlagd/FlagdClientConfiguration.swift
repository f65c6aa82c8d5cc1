import Burgee
import BurgeeCore

extension BurgeeClient.Configuration {
    /// How flagd definitions are compiled: which `fractional` rule buckets (v2, flagd's since
    /// 0.15, by default; v1 or CBOR to agree with older or newer providers of a fleet).
    ///
    /// ```swift
    /// var configuration = BurgeeClient.Configuration(source: .flagdFiles(["flags.json"]))
    /// configuration.flagd = FlagdLoweringOptions(fractionalRule: .v1)
    /// ```
    public var flagd: FlagdLoweringOptions {
        get { compileOptions.flagd }
        set { compileOptions.flagd = newValue }
    }
}
