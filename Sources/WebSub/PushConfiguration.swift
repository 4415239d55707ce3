import Foundation

/// How Broadsheet takes part in WebSub. Built once by `serve` from `--public-url`: without a
/// public address no hub could reach the callback, so nothing is subscribed.
public struct PushConfiguration: Sendable, Hashable {
    /// The address hubs reach this server at (`--public-url`), without a trailing slash.
    public var publicBaseURL: String
    /// The lease asked of hubs (`hub.lease_seconds`); hubs may grant another.
    public var requestedLeaseSeconds: Int
    /// Renew when this share of the granted lease is left (and at least `minimumRenewalMargin` before it ends).
    public var renewalShare: Double
    public var minimumRenewalMargin: TimeInterval
    /// A renewal is never asked sooner than this after a verification, so a hub granting
    /// leases of seconds cannot make Broadsheet ask again and again (the feed is polled
    /// once such a lease has run out).
    public var minimumRenewalDelay: TimeInterval
    /// How long to wait for the hub's verification of a request before asking again.
    public var verificationTimeout: TimeInterval
    /// The largest delivery accepted; a bigger one is refused with 413.
    public var maximumDeliveryBytes: Int
    /// Requests sent to hubs per pass of the subscriber, at most.
    public var requestsPerPass: Int
    /// The longest pause between two passes of the subscriber.
    public var tick: Duration

    public init(
        publicBaseURL: String, requestedLeaseSeconds: Int = 10 * 86_400, renewalShare: Double = 0.1,
        minimumRenewalMargin: TimeInterval = 3_600, minimumRenewalDelay: TimeInterval = 600, verificationTimeout: TimeInterval = 3_600,
        maximumDeliveryBytes: Int = 4 * 1_048_576, requestsPerPass: Int = 20, tick: Duration = .seconds(60)
    ) {
        var base = publicBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.publicBaseURL = base
        self.requestedLeaseSeconds = requestedLeaseSeconds
        self.renewalShare = renewalShare
        self.minimumRenewalMargin = minimumRenewalMargin
        self.minimumRenewalDelay = minimumRenewalDelay
        self.verificationTimeout = verificationTimeout
        self.maximumDeliveryBytes = maximumDeliveryBytes
        self.requestsPerPass = requestsPerPass
        self.tick = tick
    }

    /// The path every callback lives under. Public: no login, no form token, host guard as configured.
    public static let callbackPathPrefix = "/websub/"

    /// The callback address given to the hub for a subscription.
    public func callbackURL(for callbackID: String) -> String {
        publicBaseURL + Self.callbackPathPrefix + callbackID
    }

    /// When a lease granted at `now` for `seconds` (the request's when the hub names none)
    /// ends, and when to renew it: `renewalShare` of the lease before its end, at least
    /// `minimumRenewalMargin` before it, never sooner than `minimumRenewalDelay` from now.
    public func lease(granted seconds: Int?, at now: Date) -> (expiresAt: Date, renewAt: Date) {
        let granted = TimeInterval(max(1, seconds ?? requestedLeaseSeconds))
        let expiresAt = now.addingTimeInterval(granted)
        let margin = min(max(minimumRenewalMargin, granted * renewalShare), granted / 2)
        let renewAt = max(expiresAt.addingTimeInterval(-margin), now.addingTimeInterval(minimumRenewalDelay))
        return (expiresAt, renewAt)
    }

    /// When to ask a hub again after `failures` failed requests in a row: five minutes,
    /// doubling, at most a day.
    public static func retryDelay(afterFailures failures: Int) -> TimeInterval {
        let exponent = min(max(failures - 1, 0), 10)
        return min(86_400, 300 * pow(2, Double(exponent)))
    }
}
