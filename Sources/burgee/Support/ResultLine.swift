import BurgeeCore

/// The JSON result line of `burgee eval`:
/// `{"flag", "value", "variation", "variationIndex", "reason"}` in that order, then the format's
/// own member when it has one (named after the format), then `"error"` for a request
/// line that could not be read.
enum ResultLine {
    /// With `vendor`, its member after `reason`, and its `value` (an `isEnabled` answer) instead
    /// of the evaluated one when it gives one.
    static func write(flag: String?, detail: EvaluationDetail, error: String? = nil, vendor: VendorResult? = nil) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("flag")
        if let flag { writer.string(flag) } else { writer.null() }
        writer.key("value"); writer.value(vendor?.value ?? detail.value)
        writer.key("variation")
        if let key = detail.variationKey { writer.string(key) } else { writer.null() }
        writer.key("variationIndex")
        if let index = detail.variationIndex { writer.int(index) } else { writer.null() }
        writer.key("reason")
        if let reason = vendor?.reasonJSON { writer.value(reason) } else { (vendor?.reason ?? detail.reason).write(to: &writer) }
        if let vendor {
            writer.key(vendor.member)
            writer.value(vendor.json)
        }
        if let error { writer.key("error"); writer.string(error) }
        writer.endObject()
        return writer.output
    }
}
