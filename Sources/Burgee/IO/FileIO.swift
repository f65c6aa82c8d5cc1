#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX file access for the file source and the cache: bounded reads, change fingerprints and
/// atomic, durable writes. No Foundation.
package enum FileIO {
    /// What changes when a file is replaced or written.
    package struct Fingerprint: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: (seconds: Int, nanoseconds: Int)
        var changed: (seconds: Int, nanoseconds: Int)

        package static func == (a: Fingerprint, b: Fingerprint) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified == b.modified && a.changed == b.changed
        }
    }

    /// A failed file operation.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        var operation: String
        var path: String
        var code: Int32?
        var detail: String?

        package var description: String {
            let reason = detail ?? code.map { String(cString: strerror($0)) } ?? "failed"
            return "\(operation) '\(path)': \(reason)"
        }
    }

    /// The file's fingerprint; `nil` when it cannot be examined (missing, say).
    package static func fingerprint(_ path: String) -> Fingerprint? {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        #if canImport(Darwin)
        let m = (Int(s.st_mtimespec.tv_sec), Int(s.st_mtimespec.tv_nsec))
        let c = (Int(s.st_ctimespec.tv_sec), Int(s.st_ctimespec.tv_nsec))
        #else
        let m = (Int(s.st_mtim.tv_sec), Int(s.st_mtim.tv_nsec))
        let c = (Int(s.st_ctim.tv_sec), Int(s.st_ctim.tv_nsec))
        #endif
        return Fingerprint(device: UInt64(truncatingIfNeeded: s.st_dev), inode: UInt64(truncatingIfNeeded: s.st_ino),
                           size: Int64(s.st_size), modified: m, changed: c)
    }

    /// The names of a directory's entries that are regular files (or links to them), sorted by
    /// their bytes; hidden files (a leading `.`) left out.
    package static func fileNames(in directory: String) throws(Failure) -> [String] {
        guard let stream = opendir(directory) else { throw Failure(operation: "opendir", path: directory, code: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            var s = stat()
            guard stat(directory + "/" + name, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Reads a whole file of at most `maxBytes` bytes.
    package static func read(_ path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(operation: "open", path: path, code: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "read", path: path, code: errno)
            }
            if n == 0 { return bytes }
            guard bytes.count + n <= maxBytes else {
                throw Failure(operation: "read", path: path, detail: "larger than the limit of \(maxBytes) bytes")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes `bytes` to `path` so that readers see the old or the new content, never a mix, even
    /// after a crash: a temporary file beside it, `fsync`, `rename`, `fsync` of the directory.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Failure) {
        let directory = parentDirectory(of: path)
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(operation: "create", path: temporary, code: errno) }
        var failure: Failure?
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = Failure(operation: "write", path: temporary, code: errno)
                break
            }
            offset += n
        }
        if failure == nil, fsync(fd) != 0 { failure = Failure(operation: "fsync", path: temporary, code: errno) }
        if close(fd) != 0, failure == nil { failure = Failure(operation: "close", path: temporary, code: errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = Failure(operation: "rename", path: path, code: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let dfd = open(directory, O_RDONLY | O_CLOEXEC)
        if dfd >= 0 {
            _ = fsync(dfd)
            close(dfd)
        }
    }

    /// Creates a directory and its missing parents.
    package static func createDirectories(_ path: String) throws(Failure) {
        var s = stat()
        if stat(path, &s) == 0 {
            guard (s.st_mode & S_IFMT) == S_IFDIR else {
                throw Failure(operation: "create directory", path: path, detail: "exists and is not a directory")
            }
            return
        }
        let parent = parentDirectory(of: path)
        if parent != path, parent != "." { try createDirectories(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw Failure(operation: "create directory", path: path, code: errno)
        }
    }

    package static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}

// `read` and `write` are shadowed by the methods' names inside `FileIO`.
@inline(__always)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
