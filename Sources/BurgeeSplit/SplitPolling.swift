import Burgee

/// How a client syncs with Split's SDK API (Split's servers, a Split Proxy, or
/// `burgee serve --format split`): where it is, how often it polls, which flag sets, and its
/// streaming (on by default: see ``SplitStreaming``).
public struct SplitPolling: Sendable {
    /// The SDK API's base URL; the client requests `<sdkURL>/splitChanges` and
    /// `<sdkURL>/segmentChanges/{name}`.
    public var sdkURL: String
    /// How often flags and segments are polled.
    public var pollingInterval: Duration
    /// The flag sets asked for (`sets=`, sorted); empty for every flag.
    public var flagSets: [String]
    /// Timeouts, backoff, extra headers, the body size limit. `Authorization` is reserved for the SDK key.
    public var http: HTTPOptions
    /// Streaming from Split's streaming service; ``SplitStreaming/off`` to only poll.
    public var streaming: SplitStreaming
    /// The machine's IP address and name, sent as `SplitSDKMachineIP` and `SplitSDKMachineName`
    /// (Split's SDKs' `machineIp` and `machineName`); neither header when the address is `nil`,
    /// `NA` or `unknown`, as Split's SDKs leave them out. The name defaults to `ip-` and the
    /// address with `-` for `.`, as theirs does.
    public var machineIP: String?
    /// The machine's name for `SplitSDKMachineName`, sent with ``machineIP`` only.
    public var machineName: String?

    /// Split's SDK API.
    static let splitSDKURL = "https://sdk.split.io/api"

    /// Whether `sdkURL` is Split's own SDK API (so the other services are Split's too, where a
    /// Split Proxy or `burgee serve` serves everything below the one base).
    static func isSplits(_ sdkURL: String) -> Bool {
        SplitStreaming.trimmed(sdkURL) == SplitStreaming.trimmed(splitSDKURL)
    }
    /// Split's spec sent first.
    static let spec = "1.3"
    /// The spec asked for when a server answers 400 to ``spec`` (an older Split Proxy).
    static let olderSpec = "1.1"
    /// How long after falling back ``spec`` is asked for again.
    static let specRetryInterval: Duration = .seconds(24 * 60 * 60)

    /// Sync settings; the defaults are Split's SDK URL, its SDKs' 30 seconds, and streaming on.
    /// Flag set names are trimmed and lowercased, as Split's SDKs take them.
    public init(sdkURL: String = "https://sdk.split.io/api", pollingInterval: Duration = .seconds(30),
                flagSets: [String] = [], http: HTTPOptions = HTTPOptions(), streaming: SplitStreaming = SplitStreaming()) {
        self.streaming = streaming
        self.sdkURL = sdkURL
        self.pollingInterval = pollingInterval
        self.flagSets = Set(flagSets.map { String($0.lowercased().split(whereSeparator: \.isWhitespace).joined()) }).sorted()
        self.http = http
    }

    /// The headers naming the machine (none when its address is not known).
    var machineHeaders: [String: String] {
        guard let machineIP, machineIP != "NA", machineIP != "unknown" else { return [:] }
        return ["SplitSDKMachineIP": machineIP,
                "SplitSDKMachineName": machineName ?? "ip-" + machineIP.replacing(".", with: "-")]
    }

    func validate() throws(ConfigurationError) {
        guard pollingInterval > .zero else { throw .notPositive("the Split polling interval") }
        for name in flagSets where !Self.isFlagSetName(name) {
            throw .invalidConnection("'\(name)' is not a Split flag set name (a letter or digit, then up to 49 letters, digits or '_')")
        }
        try http.validate()
        try streaming.validate()
    }

    /// Split's rule for flag set names: `^[a-z0-9][_a-z0-9]{0,49}$`.
    private static func isFlagSetName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...50).contains(bytes.count) else { return false }
        let isAlphanumeric: (UInt8) -> Bool = { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return isAlphanumeric(bytes[0]) && bytes.dropFirst().allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "_") }
    }
}
