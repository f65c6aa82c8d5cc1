#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port that takes connections and never answers: the socket listens, the kernel
/// completes handshakes into its backlog, and nothing ever reads or writes. What a service behind
/// a black-holing firewall or a hung proxy looks like to a client.
package final class BlackHoleEndpoint {
    package let port: Int
    private let descriptor: Int32

    package init() throws {
        struct SocketError: Error { let call: String }
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(call: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw SocketError(call: "bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw SocketError(call: "getsockname")
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
