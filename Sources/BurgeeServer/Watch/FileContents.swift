import Foundation

/// A file's bytes with the fingerprint it had when read.
struct FileContents: Sendable {
    var bytes: [UInt8]
    var fingerprint: FileFingerprint?
    /// Whether the file was modified shortly before it was read.
    var isRecent: Bool

    static func read(_ path: String) throws(DefinitionsServerError) -> FileContents {
        let readStart = FileFingerprint.now()
        // Taken before reading, so that a write during the read changes the next fingerprint.
        let fingerprint = try? FileFingerprint(path: path)
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return FileContents(bytes: [UInt8](data), fingerprint: fingerprint,
                                isRecent: fingerprint?.isRecent(at: readStart) ?? true)
        } catch {
            throw .unreadableFile(path: path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
