import BurgeeCore

/// The flags LaunchDarkly's client-side and mobile endpoints answer for a context, evaluated with
/// LaunchDarkly's semantics through the server's compiled snapshot, in the Relay Proxy's shape:
/// `{"flag-key": {"value", "variation", "version", "flagVersion", "trackEvents"?, "trackReason"?,
/// "reason"?, "debugEventsUntilDate"?, "prerequisites"?}, …}`.
///
/// Only flags the SDK's kind may see are listed (`clientSideAvailability`: `usingMobileKey` for
/// mobile SDKs, `usingEnvironmentId` for JavaScript). `variation` is `null` when none was
/// served; `version` and `flagVersion` are both the flag's version (LaunchDarkly's mobile SDKs put
/// `flagVersion` in their events, the Relay Proxy sends `version` alone); `reason` goes with
/// `withReasons=true` and with every experiment's evaluation; the flags in the members marked `?`
/// only when set, as go-server-sdk leaves them out.
enum LaunchDarklyClientFlags {
    /// The object of every flag offered to `kind`, evaluated for `context`.
    static func body(in snapshot: Snapshot, context: Context, for kind: LaunchDarklyClientKind, withReasons: Bool) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        for key in snapshot.flagKeys.sortedInByteOrder() {
            guard !snapshot.isHidden(flag: key), let position = snapshot.position(ofFlag: key),
                  snapshot.offersLaunchDarklyClient(kind, at: position) else { continue }
            let detail = snapshot.evaluate(at: position, context: context)
            let flag = snapshot.launchDarklyClientFlag(at: position, context: context, value: detail.value, variation: detail.variationIndex,
                                                       reason: detail.reason)
            writer.key(key)
            write(flag, withReasons: withReasons, to: &writer)
        }
        writer.endObject()
        return writer.bytes
    }

    /// One flag's object.
    private static func write(_ flag: LaunchDarklyClientFlag, withReasons: Bool, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("value"); writer.value(flag.value)
        writer.key("variation")
        if let variation = flag.variation { writer.int(variation) } else { writer.null() }
        writer.key("version"); writer.int(Int(flag.version))
        writer.key("flagVersion"); writer.int(Int(flag.version))
        if flag.trackEvents { writer.key("trackEvents"); writer.bool(true) }
        if flag.trackReason { writer.key("trackReason"); writer.bool(true) }
        if flag.includesReason(withReasons: withReasons) { writer.key("reason"); flag.reason.write(to: &writer) }
        if let date = flag.debugEventsUntilDate { writer.key("debugEventsUntilDate"); writer.int(Int(date)) }
        if !flag.prerequisites.isEmpty {
            writer.key("prerequisites")
            writer.beginArray()
            for key in flag.prerequisites { writer.string(key) }
            writer.endArray()
        }
        writer.endObject()
    }
}
