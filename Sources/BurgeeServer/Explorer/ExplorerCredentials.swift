/// The SDK key as the explorer accepts it: as every route does (raw or `Bearer`), or as the
/// password of HTTP Basic authentication (any user name), which is what a browser can send.
enum ExplorerCredentials {
    static func accept(_ authorization: String?, check: SDKKeyCheck) -> Bool {
        if check.accepts(authorization) { return true }
        guard let authorization, let basic = BasicCredentials(authorization: authorization) else { return false }
        return check.accepts(basic.password)
    }
}
