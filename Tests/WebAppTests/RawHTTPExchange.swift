import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sends bytes exactly as written to a loopback port and reads the whole answer: for
/// requests no well-behaved client library would make (a forged `Host`, a 100 kB URL).
/// The blocking socket work runs on its own thread, with a receive timeout, so a server
/// that never answers fails the test instead of hanging it (after 30 s: a loaded machine
/// can take several seconds to answer, a hung server never does).
enum RawHTTPExchange {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func send(_ request: String, port: Int, timeoutSeconds: Int = 30) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try exchange(Array(request.utf8), port: port, timeoutSeconds: timeoutSeconds) })
            }
            thread.start()
        }
    }

    private static func exchange(_ bytes: [UInt8], port: Int, timeoutSeconds: Int) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect() to port \(port) failed") }
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer and close before reading everything (a request too long).
            guard written > 0 else { break }
            sent += written
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer.append(contentsOf: buffer[..<count])
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
