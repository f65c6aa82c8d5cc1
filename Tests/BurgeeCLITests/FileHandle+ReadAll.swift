import Foundation

extension FileHandle {
    /// Everything until the end of the file (a subprocess's pipe), read a chunk at a time. Unlike
    /// `readDataToEndOfFile()`, which stops the process when a read is interrupted by a signal
    /// (Foundation's `try!` on `EINTR`, seen when many subprocesses end at once), an interrupted
    /// read is made again: a read that fails with `EINTR` has read nothing.
    func readAll() throws -> Data {
        var data = Data()
        while true {
            do {
                guard let chunk = try read(upToCount: 1 << 16), !chunk.isEmpty else { return data }
                data.append(chunk)
            } catch let error as NSError where error.isInterruptedSystemCall {
                continue
            }
        }
    }
}

private extension NSError {
    /// `EINTR`, as Foundation reports it: itself or as the underlying POSIX error.
    var isInterruptedSystemCall: Bool {
        if domain == NSPOSIXErrorDomain, code == Int(EINTR) { return true }
        return (userInfo[NSUnderlyingErrorKey] as? NSError)?.isInterruptedSystemCall ?? false
    }
}
