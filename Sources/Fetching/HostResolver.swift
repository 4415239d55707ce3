#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix

/// Looks up the addresses a host name resolves to. getaddrinfo blocks, so it runs on
/// NIO's blocking-work thread pool, never on Swift's cooperative threads.
enum HostResolver {
    static func addresses(of host: String) async -> [NetworkAddress] {
        if let literal = NetworkAddress(host) { return [literal] }
        return (try? await NIOThreadPool.singleton.runIfActive { resolveBlocking(host) }) ?? []
    }

    private static func resolveBlocking(_ host: String) -> [NetworkAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var result: [NetworkAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let socketAddress = entry.pointee.ai_addr {
                switch Int32(socketAddress.pointee.sa_family) {
                case AF_INET:
                    let address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    result.append(NetworkAddress(bytes: withUnsafeBytes(of: address) { Array($0) }))
                case AF_INET6:
                    let address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    result.append(NetworkAddress(bytes: withUnsafeBytes(of: address) { Array($0) }))
                default:
                    break
                }
            }
            cursor = entry.pointee.ai_next
        }
        return result
    }
}
