import Foundation

/// The process's resident memory (Linux's `/proc/self/statm`), for what a compiled snapshot
/// costs; `nil` where it cannot be read.
enum ResidentMemory {
    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
