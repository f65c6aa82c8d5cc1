import Burgee
import BurgeeCore

/// One event of Split's streaming service, read from its two JSON layers: the SSE `data` is an
/// Ably message (`channel`, `timestamp`, `name`, and `data`, a JSON string), whose inner JSON has
/// the notification's `type`; occupancy messages are named `[meta]occupancy`; errors come as SSE
/// events named `error` with Ably's `code` and `statusCode`.
enum SplitPushEvent: Equatable {
    /// What a `CONTROL` message asks.
    enum Control: String, Equatable {
        case enabled = "STREAMING_ENABLED"
        case paused = "STREAMING_PAUSED"
        case disabled = "STREAMING_DISABLED"
    }

    case notification(SplitNotification)
    case control(Control, timestamp: Int64)
    /// `channel` without the occupancy prefix.
    case occupancy(channel: String, publishers: Int, timestamp: Int64)
    case error(code: Int, statusCode: Int?, message: String)

    /// The event an SSE event carries; throws, saying why, for one that cannot be read (which is
    /// skipped: the stream and the flags held stay as they are).
    static func read(_ event: ServerSentEvent, limits: JSONLimits) throws(SplitAnswerError) -> SplitPushEvent {
        let outer = try object(event.data, limits, "the event's data")
        if event.name == "error" {
            guard let code = outer["code"]?.int64Value else { throw SplitAnswerError(reason: "an error event without a code") }
            return .error(code: Int(code), statusCode: outer["statusCode"]?.int64Value.map { Int($0) },
                          message: outer["message"]?.stringValue ?? "")
        }
        guard let channel = outer["channel"]?.stringValue, let text = outer["data"]?.stringValue else {
            throw SplitAnswerError(reason: "a message without 'channel' or 'data'")
        }
        let timestamp = outer["timestamp"]?.int64Value ?? 0
        let inner = try object(Array(text.utf8), limits, "the message's data")
        if outer["name"]?.stringValue == "[meta]occupancy" {
            guard let publishers = inner["metrics"]?.objectValue?["publishers"]?.int64Value else {
                throw SplitAnswerError(reason: "an occupancy message without metrics.publishers")
            }
            let name = channel.hasPrefix(occupancyPrefix) ? String(channel.dropFirst(occupancyPrefix.count)) : channel
            return .occupancy(channel: name, publishers: Int(publishers), timestamp: timestamp)
        }
        guard let type = inner["type"]?.stringValue else { throw SplitAnswerError(reason: "a message without a 'type'") }
        if type == "CONTROL" {
            guard let control = inner["controlType"]?.stringValue.flatMap(Control.init(rawValue:)) else {
                throw SplitAnswerError(reason: "a CONTROL message with an unknown controlType")
            }
            return .control(control, timestamp: timestamp)
        }
        guard let changeNumber = inner["changeNumber"]?.int64Value else {
            throw SplitAnswerError(reason: "a \(type) message without a changeNumber")
        }
        switch type {
        case "SPLIT_UPDATE":
            return .notification(.flagsUpdated(changeNumber: changeNumber, previous: inner["pcn"]?.int64Value,
                                               item: SplitPushedItem(inner)))
        case "RB_SEGMENT_UPDATE":
            return .notification(.ruleBasedSegmentsUpdated(changeNumber: changeNumber, previous: inner["pcn"]?.int64Value,
                                                           item: SplitPushedItem(inner)))
        case "SPLIT_KILL":
            guard let name = inner["splitName"]?.stringValue, let treatment = inner["defaultTreatment"]?.stringValue else {
                throw SplitAnswerError(reason: "a SPLIT_KILL message without splitName or defaultTreatment")
            }
            return .notification(.flagKilled(name: name, defaultTreatment: treatment, changeNumber: changeNumber))
        case "SEGMENT_UPDATE":
            guard let name = inner["segmentName"]?.stringValue else {
                throw SplitAnswerError(reason: "a SEGMENT_UPDATE message without segmentName")
            }
            return .notification(.segmentUpdated(name: name, changeNumber: changeNumber))
        default:
            throw SplitAnswerError(reason: "a message of unknown type '\(type)'")
        }
    }

    private static let occupancyPrefix = "[?occupancy=metrics.publishers]"

    private static func object(_ bytes: [UInt8], _ limits: JSONLimits, _ what: String) throws(SplitAnswerError) -> [String: JSONValue] {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(bytes) } catch {
            throw SplitAnswerError(reason: "\(what) is not JSON: \(error)")
        }
        guard let members = json.objectValue else { throw SplitAnswerError(reason: "\(what) is not a JSON object") }
        return members
    }
}
