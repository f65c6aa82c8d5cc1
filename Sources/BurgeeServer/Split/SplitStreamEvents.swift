import BurgeeCore
import CompressNIO
import Foundation
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
    /// changed, every one with the new served change number and the previous one (`pcn`). When
    /// exactly one flag changed and is still served, `SPLIT_UPDATE` carries it, as Split's service
    /// does (`d`: its JSON in base64, gzip-compressed, `c` 1, from ``inlineCompressionThreshold``
    /// bytes up, else `c` 0), so that an SDK holding `pcn` applies it without a fetch.
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
        let newFlags = Dictionary(new.flags.map { ($0.name, $0.json) }, uniquingKeysWith: { $1 })
        if oldFlags != newFlags {
            var update: [String: JSONValue] = ["type": "SPLIT_UPDATE", "changeNumber": .number(changeNumber), "pcn": .number(previousNumber)]
            let changed = Set(oldFlags.keys).union(newFlags.keys).filter { oldFlags[$0] != newFlags[$0] }
            if changed.count == 1, let flag = newFlags[changed.first!], let (compression, data) = inline(flag) {
                update["c"] = .number(Double(compression))
                update["d"] = .string(data)
            }
            notifications.append((SplitToken.splitsChannel, .object(update)))
        }
        return notifications.enumerated().map { index, notification in
            message(channel: notification.channel, data: notification.data, timestamp: timestamp, id: "\(served.documentVersion)-\(index)")
        }
    }

    /// The size from which a flag carried in a notification is gzip-compressed.
    static let inlineCompressionThreshold = 1024

    /// A flag as a notification carries it: the compression (`c`) and the base64 text (`d`).
    private static func inline(_ flag: JSONValue) -> (Int, String)? {
        var bytes = ByteBuffer(string: flag.serialized())
        guard bytes.readableBytes >= inlineCompressionThreshold else {
            return (0, Data(bytes.readableBytesView).base64EncodedString())
        }
        guard let gzipped = try? bytes.compress(with: .gzip) else { return nil }
        return (1, Data(gzipped.readableBytesView).base64EncodedString())
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
