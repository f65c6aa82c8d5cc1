#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file: when any of it changes, the file may have changed.
struct FileFingerprint: Hashable, Sendable, CustomStringConvertible {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// Modification time in nanoseconds since 1970.
    var modified: Int64

    /// Why `stat` failed.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    init(path: String) throws(Failure) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(code: errno) }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        modified = Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Whether the file was modified so shortly before `now` (nanoseconds since 1970) that a write
    /// within the same timestamp tick could follow unseen: file systems stamp times coarsely.
    func isRecent(at now: Int64) -> Bool {
        now - modified < 2_000_000_000
    }

    /// The wall clock in nanoseconds since 1970, as file times are stamped.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    var description: String { "inode \(inode), \(size) bytes, modified \(modified) ns" }
}
