import BurgeeCore
import NIOCore

/// The Server-Sent Events of Split's streaming service, as Ably sends them: each `data` is an
/// Ably message `{"id","clientId","timestamp","encoding","channel","data"}` whose `data` is the
/// notification as a JSON string; occupancy messages are named `[meta]occupancy` and come on the
/// control channels prefixed with `[?occupancy=metrics.publishers]`; errors come as `event: error`.
enum SplitStreamEvents {
    private static let occupancyPrefix = "[?occupancy=metrics.publishers]"

    /// The notifications for a change of the served document from `previous` to `served`:
    /// `SEGMENT_UPDATE` per segment whose keys changed, `RB_SEGMENT_UPDATE` when rule-based
    /// segments changed, `SPLIT_KILL` per flag that became killed, then `SPLIT_UPDATE` when flags
    /// changed, every one with the new served change number (SDKs fetch up to it: no `d`).
    static func updates(from previous: ServedDefinitions, to served: ServedDefinitions, timestamp: Int64) -> [ByteBuffer] {
        guard served.documentVersion != previous.documentVersion else { return [] }
        let old = SplitServedItems(previous.wholeDocument ?? [:])
        let new = SplitServedItems(served.wholeDocument ?? [:])
        let changeNumber = Double(served.documentVersion)
        let previousNumber = Double(previous.documentVersion)
        var notifications: [(channel: String, data: JSONValue)] = []
        for name in Set(old.segments.keys).union(new.segments.keys).sortedInByteOrder()
        where Set(old.segments[name] ?? []) != Set(new.segments[name] ?? []) {
            notifications.append((SplitToken.segmentsChannel,
                                  ["type": "SEGMENT_UPDATE", "changeNumber": .number(changeNumber), "segmentName": .string(name)]))
        }
        if !sameItems(old.ruleBasedSegments, new.ruleBasedSegments) {
            notifications.append((SplitToken.splitsChannel,
                                  ["type": "RB_SEGMENT_UPDATE", "changeNumber": .number(changeNumber), "pcn": .number(previousNumber)]))
        }
        let oldFlags = Dictionary(old.flags.map { ($0.name, $0.json) }, uniquingKeysWith: { $1 })
        for (name, flag) in new.flags where isKilled(flag) && !(oldFlags[name].map(isKilled) ?? true) {
            let defaultTreatment = flag.objectValue?["defaultTreatment"]?.stringValue ?? "control"
            notifications.append((SplitToken.splitsChannel, [
                "type": "SPLIT_KILL", "changeNumber": .number(changeNumber), "splitName": .string(name),
                "defaultTreatment": .string(defaultTreatment),
            ]))
        }
        if !sameItems(old.flags, new.flags) {
            notifications.append((SplitToken.splitsChannel,
                                  ["type": "SPLIT_UPDATE", "changeNumber": .number(changeNumber), "pcn": .number(previousNumber)]))
        }
        return notifications.enumerated().map { index, notification in
            message(channel: notification.channel, data: notification.data, timestamp: timestamp, id: "\(served.documentVersion)-\(index)")
        }
    }

    /// `[meta]occupancy` on a control channel.
    static func occupancy(_ channel: SplitPushMessage.ControlChannel, publishers: Int, timestamp: Int64) -> ByteBuffer {
        message(channel: occupancyPrefix + channel.rawValue, data: ["metrics": ["publishers": .number(Double(publishers))]],
                timestamp: timestamp, id: "occupancy-\(timestamp)", name: "[meta]occupancy")
    }

    /// A `CONTROL` message on `control_pri`.
    static func control(_ control: SplitPushMessage.Control, timestamp: Int64) -> ByteBuffer {
        message(channel: SplitPushMessage.ControlChannel.primary.rawValue,
                data: ["type": "CONTROL", "controlType": .string(control.rawValue)], timestamp: timestamp, id: "control-\(timestamp)")
    }

    /// An Ably error event.
    static func error(code: Int, statusCode: Int, message: String) -> ByteBuffer {
        let data: JSONValue = [
            "code": .number(Double(code)), "statusCode": .number(Double(statusCode)), "message": .string(message),
            "href": .string("https://help.ably.io/error/\(code)"),
        ]
        return ServerSentEvent.encode(event: "error", id: nil, jsonLine: ByteBuffer(string: data.serialized()))
    }

    private static func message(channel: String, data: JSONValue, timestamp: Int64, id: String, name: String? = nil) -> ByteBuffer {
        var members: [String: JSONValue] = [
            "id": .string(id), "clientId": "burgee-serve", "timestamp": .number(Double(timestamp)), "encoding": "json",
            "channel": .string(channel), "data": .string(data.serialized()),
        ]
        if let name { members["name"] = .string(name) }
        return ServerSentEvent.encode(event: "message", id: id, jsonLine: ByteBuffer(string: JSONValue.object(members).serialized()))
    }

    private static func isKilled(_ flag: JSONValue) -> Bool {
        flag.objectValue?["killed"]?.boolValue == true && SplitServedItems.isActive(flag)
    }

    private static func sameItems(_ a: [(name: String, json: JSONValue)], _ b: [(name: String, json: JSONValue)]) -> Bool {
        Dictionary(a.map { ($0.name, $0.json) }, uniquingKeysWith: { $1 }) == Dictionary(b.map { ($0.name, $0.json) }, uniquingKeysWith: { $1 })
    }
}
