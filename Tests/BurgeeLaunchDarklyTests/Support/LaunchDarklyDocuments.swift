/// LaunchDarkly documents for the sync tests.
enum LaunchDarklyDocuments {
    /// A boolean flag member: `on`, variations `[false, true]`, the fallthrough serving `serves`.
    static func flag(_ key: String, serves: Bool = true, version: Int? = nil) -> String {
        let version = version.map { #","version":\#($0)"# } ?? ""
        return #""\#(key)":{"key":"\#(key)","on":true,"variations":[false,true],"offVariation":0,"#
            + #""fallthrough":{"variation":\#(serves ? 1 : 0)}\#(version)}"#
    }

    /// The same flag as a patch's `data`, with its version.
    static func item(_ key: String, serves: Bool = true, version: Int) -> String {
        "{" + String(flag(key, serves: serves, version: version).drop(while: { $0 != "{" }).dropFirst())
    }

    /// `{"flags":{…},"segments":{…}}`.
    static func document(_ flags: [String], segments: [String] = []) -> String {
        #"{"flags":{\#(flags.joined(separator: ","))},"segments":{\#(segments.joined(separator: ","))}}"#
    }
}
