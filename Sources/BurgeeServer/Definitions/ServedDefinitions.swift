import BurgeeCore
import NIOCore

/// The definitions a server serves: items with their served versions, the document body and its ETag.
///
/// Versions are assigned here so that hand-edited files need no version bumps: a changed or new
/// item is served with a version above the one served before, and a removed item leaves a
/// tombstone version that a later re-addition must exceed.
struct ServedDefinitions: Sendable {
    private(set) var documentVersion: Int64
    private(set) var flags: [String: ServedItem] = [:]
    private(set) var segments: [String: ServedItem] = [:]
    private var flagTombstones: [String: Int64] = [:]
    private var segmentTombstones: [String: Int64] = [:]
    /// The document as its format's document endpoint sends it: the whole document, or the
    /// items by collection.
    private(set) var body = ByteBuffer()
    private(set) var etag = ""
    /// A document served whole, as the file has it; `nil` for a document served by item.
    private(set) var wholeDocument: JSONValue?
    /// The whole document as the file wrote it, when it came from a file (``ParsedDefinitions/wholeBytes``).
    private var wholeBytes: [UInt8]?
    /// The document served whole before the last change, for formats whose streams send what
    /// changed in it.
    private(set) var previousWholeDocument: JSONValue?
    /// The format served.
    let servedFormat: any ServedFormat.Type
    /// When the served content last changed: at the load, then at every change.
    private(set) var modified = ContentModification()

    init(_ parsed: ParsedDefinitions) {
        servedFormat = parsed.servedFormat
        documentVersion = parsed.version
        wholeDocument = parsed.wholeDocument
        wholeBytes = parsed.wholeBytes
        flags = parsed.flags.mapValues { ServedItem(fileJSON: $0, version: max(ServedItem.fileVersion(of: $0), 1)) }
        segments = parsed.segments.mapValues { ServedItem(fileJSON: $0, version: max(ServedItem.fileVersion(of: $0), 1)) }
        encode()
    }

    /// Moves to `parsed`, returning one change per item that differs (ignoring `version` members),
    /// segments first so that a flag never arrives before a new segment it refers to.
    mutating func apply(_ parsed: ParsedDefinitions) -> [DefinitionsChange] {
        if let document = parsed.wholeDocument {
            // A document served whole changes as a whole: a new version and ETag, no item events.
            // Equal JSON may differ as written (`42.0`, `42`), which some SDKs read differently.
            guard document != wholeDocument || (parsed.wholeBytes != nil && parsed.wholeBytes != wholeBytes) else { return [] }
            previousWholeDocument = wholeDocument
            wholeDocument = document
            wholeBytes = parsed.wholeBytes
            modified.advance()
            // The file's own number when it grew past the served one (Split's `ff.t`), else one up.
            documentVersion = max(parsed.version, documentVersion + 1)
            encode()
            return []
        }
        var changes: [DefinitionsChange] = []
        Self.diff(.segment, current: &segments, tombstones: &segmentTombstones, incoming: parsed.segments, into: &changes)
        Self.diff(.flag, current: &flags, tombstones: &flagTombstones, incoming: parsed.flags, into: &changes)
        guard !changes.isEmpty else { return [] }
        modified.advance()
        documentVersion = max(parsed.version, documentVersion + 1)
        for index in changes.indices { changes[index].documentVersion = documentVersion }
        encode()
        return changes
    }

    private static func diff(
        _ kind: DefinitionsChange.Kind, current: inout [String: ServedItem], tombstones: inout [String: Int64],
        incoming: [String: JSONValue], into changes: inout [DefinitionsChange]
    ) {
        for key in incoming.keys.sortedInByteOrder() {
            let fileJSON = incoming[key]!
            let version: Int64
            if let old = current[key] {
                guard old.content != ServedItem.content(of: fileJSON) else { continue }
                version = max(ServedItem.fileVersion(of: fileJSON), old.version + 1)
            } else {
                version = max(ServedItem.fileVersion(of: fileJSON), 1, (tombstones[key] ?? 0) + 1)
                tombstones[key] = nil
            }
            let item = ServedItem(fileJSON: fileJSON, version: version)
            current[key] = item
            changes.append(DefinitionsChange(kind: kind, key: key, version: version, documentVersion: 0, object: item.json))
        }
        for key in current.keys.filter({ incoming[$0] == nil }).sortedInByteOrder() {
            let version = current.removeValue(forKey: key)!.version + 1
            tombstones[key] = version
            changes.append(DefinitionsChange(kind: kind, key: key, version: version, documentVersion: 0, object: nil))
        }
    }

    private mutating func encode() {
        if let wholeDocument {
            let bytes = wholeBytes ?? Array(wholeDocument.serialized().utf8)
            body = ByteBuffer(bytes: bytes)
            etag = EntityTag.make(version: documentVersion, body: bytes)
            return
        }
        var writer = JSONWriter()
        writer.beginObject()
        if servedFormat.itemDocumentHasHeader {
            writer.key("formatVersion")
            writer.int(DefinitionsDocument.formatVersion)
            writer.key("version")
            writer.int(Int(documentVersion))
        }
        writer.key("flags")
        Self.write(flags, to: &writer)
        writer.key("segments")
        Self.write(segments, to: &writer)
        writer.endObject()
        body = ByteBuffer(bytes: writer.bytes)
        etag = EntityTag.make(version: documentVersion, body: writer.bytes)
    }

    private static func write(_ items: [String: ServedItem], to writer: inout JSONWriter) {
        writer.beginObject()
        for key in items.keys.sortedInByteOrder() {
            writer.key(key)
            writer.value(items[key]!.json)
        }
        writer.endObject()
    }
}
