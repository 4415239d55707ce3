import Hummingbird
import NIOCore

extension RemoteAddressRequestContext {
    /// The client's IP address as text, for counting failed sign-ins; nil when unknown (tests).
    public var clientAddress: String? { remoteAddress?.ipAddress }
}
