/// How the fetcher behaves. Built once by the executable from its options.
public struct FetchConfiguration: Sendable, Hashable {
    /// Allows fetching from loopback and private networks (an operator's choice, e.g. for a
    /// feed on the local network). Off by default.
    public var allowsPrivateAddresses: Bool
    public var userAgent: String
    /// The largest body accepted when a request does not say otherwise, after decompression.
    public var maximumBodyBytes: Int
    /// The whole fetch, redirects included, from the first connection to the last byte of
    /// the body: a server that dribbles its answer cannot hold a fetch longer than this.
    public var timeoutSeconds: Int
    public var maximumRedirects: Int
    /// Requests in flight at once against one host.
    public var connectionsPerHost: Int

    public init(
        allowsPrivateAddresses: Bool = false,
        userAgent: String = "Broadsheet/1.0 (self-hosted news reader)",
        maximumBodyBytes: Int = 16 * 1_048_576,
        timeoutSeconds: Int = 30,
        maximumRedirects: Int = 5,
        connectionsPerHost: Int = 2
    ) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.userAgent = userAgent
        self.maximumBodyBytes = maximumBodyBytes
        self.timeoutSeconds = timeoutSeconds
        self.maximumRedirects = maximumRedirects
        self.connectionsPerHost = connectionsPerHost
    }
}
