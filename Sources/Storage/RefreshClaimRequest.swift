import Foundation

/// What a refresh scheduler asks the store for: sources due now that no other process is
/// fetching, each held for it for a while (its lease), so that every Broadsheet process
/// on one database can refresh and no two fetch the same feed.
public struct RefreshClaimRequest: Sendable, Hashable {
    /// Who claims: one name per scheduler (say, host name, process id and a random part).
    public var claimant: String
    /// The time sources are due at and the claims start from.
    public var now: Date
    /// At most this many sources.
    public var limit: Int
    /// How long a claim holds without its refresh being applied. A process killed
    /// mid-refresh leaves its claims to run out, and another process takes them then.
    /// Longer than the slowest fetch, shorter than the refresh interval.
    public var lease: TimeInterval
    /// At most this many live claims at once on feeds of one host, across every claimant:
    /// the per-host politeness limit of one process, held across processes.
    public var perHostLimit: Int

    public init(claimant: String, now: Date, limit: Int, lease: TimeInterval = 300, perHostLimit: Int = 2) {
        self.claimant = claimant
        self.now = now
        self.limit = limit
        self.lease = lease
        self.perHostLimit = perHostLimit
    }

    /// When claims made by this request run out.
    public var expiresAt: Date { now.addingTimeInterval(max(1, lease)) }

    /// The name a claim counts against for politeness: the feed's host, or (for a feed
    /// without one, such as a file) the source itself, which then limits nothing else.
    public static func politenessKey(feedURL: String, sourceID: String) -> String {
        URLHost.of(feedURL) ?? "source:" + sourceID
    }
}
