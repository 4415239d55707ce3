import Hummingbird
import NewsModel

/// What pages and the API both work out for a request.
extension WebAppDependencies {
    /// Where absolute URLs point: the configured public URL, else the Host the client used.
    func baseURL(for request: Request) -> String {
        if let configured = configuration.publicBaseURL { return configured }
        if let host = request.head.authority, Self.isPlausibleHost(host) {
            return "http://\(host)"
        }
        return "http://\(configuration.host):\(configuration.port)"
    }

    /// A Host header is client input: only host names, IP literals and a port are used.
    static func isPlausibleHost(_ host: String) -> Bool {
        (1...260).contains(host.utf8.count) && host.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]")].contains(byte)
        }
    }
}
