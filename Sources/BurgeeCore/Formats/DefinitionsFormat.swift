/// The formats of flag definitions documents Burgee knows.
///
/// A document's format is either given (for example `burgee eval --format unleash`) or detected
/// from its shape with ``detect(in:)``. The raw values are the spellings of the command line.
///
/// | Format | Recognised by |
/// |---|---|
/// | ``native`` | a `formatVersion` member |
/// | ``unleash`` | a `features` member, or delta `events` (`hydration`, `feature-updated`, …) |
/// | ``launchDarkly`` | `flags` whose flags have `on` (and `variations` arrays), or a stream `put` (`{"path":"/","data":{…}}`) |
/// | ``flagd`` | `flags` whose flags have `state` or a `variants` object, or `$evaluators` |
///
/// ``native``, ``unleash`` and ``flagd`` documents can be evaluated by this version of Burgee;
/// ``launchDarkly`` is recognised, and reading it fails with ``DefinitionsError/unsupportedFormat(_:)``.
public enum DefinitionsFormat: String, Sendable, Hashable, CaseIterable {
    /// Burgee's own definitions format, version 1 (`docs/definitions-format.md`).
    case native
    /// Unleash's client API: `GET /api/client/features` (`{"version":2,"features":[…]}`) and the
    /// delta API's events.
    case unleash
    /// LaunchDarkly's server-side flag data (`{"flags":{…},"segments":{…}}`) and its stream `put`.
    case launchDarkly = "launchdarkly"
    /// flagd's flag definitions (OpenFeature): `{"flags":{KEY:{"state","variants","defaultVariant"}}}`.
    case flagd

    /// The format named by a command-line spelling, `native`, `unleash`, `launchdarkly` or
    /// `flagd`, in any letter case; `nil` for anything else.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// The format's name for a person: `native Burgee`, `Unleash`, `LaunchDarkly` or `flagd`.
    public var displayName: String {
        switch self {
        case .native: return "native Burgee"
        case .unleash: return "Unleash"
        case .launchDarkly: return "LaunchDarkly"
        case .flagd: return "flagd"
        }
    }

    /// What a document of this format looks like, for messages about a document that is not one.
    public var expectedShape: String {
        switch self {
        case .native:
            return #"an object with "formatVersion": 1, "flags" and "segments""#
        case .unleash:
            return #"an object with a "features" array ({"version":2,"features":[…]}), or delta "events" ("hydration", "feature-updated", …)"#
        case .launchDarkly:
            return #"an object with "flags" whose flags have "on" and "variations" arrays, and "segments"; or a stream put {"path":"/","data":{"flags":…,"segments":…}}"#
        case .flagd:
            return #"an object with "flags" whose flags have "state" and a "variants" object ({"flags":{"f":{"state":"ENABLED","variants":{…},"defaultVariant":…}}})"#
        }
    }

    /// The format of a parsed document, told from its shape; never a guess.
    ///
    /// - `formatVersion` → ``native``;
    /// - `features`, or an Unleash delta document (an `events` array whose entries have a `type`
    ///   such as `hydration` or `feature-updated`) → ``unleash``;
    /// - `flags` whose flags have `state` or a `variants` object, or `$evaluators`, or a `$schema`
    ///   naming flagd → ``flagd``;
    /// - `flags` whose flags have an `on` boolean, or a LaunchDarkly stream `put`
    ///   (`{"path":"/","data":{"flags":…,"segments":…}}`, `path` optional) → ``launchDarkly``.
    ///
    /// - Throws: ``FormatDetectionError``, naming the candidate formats, when the document is not
    ///   an object, carries the markers of more than one format, or carries none (an empty `flags`
    ///   object with nothing else to tell included).
    public static func detect(in document: JSONValue) throws(FormatDetectionError) -> DefinitionsFormat {
        guard case .object(let members) = document else {
            throw FormatDetectionError(
                candidates: allCases,
                message: "the top level is \(document.typeName), not an object; definitions of every format are a JSON object")
        }
        let markers = FormatMarkers(members)
        let found = markers.formats
        if found.count == 1 { return found[0] }
        if found.count > 1 {
            throw FormatDetectionError(
                candidates: found,
                message: "the document has the markers of more than one format: " + markers.listed(found))
        }
        switch markers.flags {
        case .empty?:
            throw FormatDetectionError(
                candidates: [.launchDarkly, .flagd],
                message: #"the "flags" object is empty, and nothing else tells LaunchDarkly from flagd definitions"#)
        case .unrecognised?:
            throw FormatDetectionError(
                candidates: [.native, .launchDarkly, .flagd],
                message: #"no flag in "flags" has the shape of a known format (LaunchDarkly flags have "on", "#
                    + #"flagd flags "state" and "variants"), and there is no "formatVersion" of native definitions"#)
        case nil:
            throw FormatDetectionError(
                candidates: allCases,
                message: #"the document has none of the markers "formatVersion" (native), "features" (Unleash) "#
                    + #"or "flags" (LaunchDarkly, flagd)"#)
        }
    }
}
