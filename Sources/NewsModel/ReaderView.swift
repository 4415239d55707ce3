import Foundation

/// The full article extracted from its original page, kept so it is fetched only once.
public struct ReaderView: Sendable, Codable, Hashable {
    public enum Outcome: String, Sendable, Codable, Hashable {
        /// The page was fetched and its article extracted.
        case extracted
        /// Fetching or extracting failed; `failureReason` says why and the feed's content is shown.
        case failed
    }

    public var outcome: Outcome
    /// Sanitized article HTML with absolute URLs (empty when failed).
    public var html: String
    /// The article as plain text, blocks on their own lines.
    public var text: String
    public var title: String?
    public var byline: String?
    public var leadImageURL: String?
    public var publishedAt: Date?
    public var siteName: String?
    /// A sentence a person can read when extraction failed.
    public var failureReason: String?
    public var extractedAt: Date

    public init(
        outcome: Outcome, html: String = "", text: String = "", title: String? = nil,
        byline: String? = nil, leadImageURL: String? = nil, publishedAt: Date? = nil,
        siteName: String? = nil, failureReason: String? = nil, extractedAt: Date = Date()
    ) {
        self.outcome = outcome
        self.html = html
        self.text = text
        self.title = title
        self.byline = byline
        self.leadImageURL = leadImageURL
        self.publishedAt = publishedAt
        self.siteName = siteName
        self.failureReason = failureReason
        self.extractedAt = extractedAt
    }
}
