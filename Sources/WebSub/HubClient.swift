import Fetching
import Foundation
import Storage

/// Sends subscription requests to hubs (WebSub §5.1): a form POST naming the callback, the
/// topic, the lease asked for and the secret deliveries must be signed with. The hub's
/// address comes from a feed, so it goes through the fetcher like any feed URL: http and
/// https only, no private address unless the operator allowed it, a deadline and a size
/// limit on the answer.
public struct HubClient: Sendable {
    let fetcher: any HTTPFetching
    let configuration: PushConfiguration

    public init(fetcher: any HTTPFetching, configuration: PushConfiguration) {
        self.fetcher = fetcher
        self.configuration = configuration
    }

    /// Asks the hub to start (or renew) `subscription`. Returns once the hub accepted the
    /// request (any 2xx, usually 202); the subscription is active only after the hub's
    /// verification of intent reaches the callback.
    public func subscribe(_ subscription: PushSubscription) async throws(FetchError) {
        let form = Self.formEncoded([
            ("hub.mode", "subscribe"),
            ("hub.topic", subscription.topicURL),
            ("hub.callback", configuration.callbackURL(for: subscription.callbackID)),
            ("hub.lease_seconds", String(configuration.requestedLeaseSeconds)),
            ("hub.secret", subscription.secret),
        ])
        _ = try await fetcher.fetch(FetchRequest(posting: form, to: subscription.hubURL, maximumBodyBytes: 64 * 1024))
    }

    /// `application/x-www-form-urlencoded`: unreserved characters as they are, spaces as `+`,
    /// every other byte percent-encoded.
    static func formEncoded(_ fields: [(String, String)]) -> [UInt8] {
        var output: [UInt8] = []
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            append(name, to: &output)
            output.append(UInt8(ascii: "="))
            append(value, to: &output)
        }
        return output
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }
}
