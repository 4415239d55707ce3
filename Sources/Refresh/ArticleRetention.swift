import Foundation
import Logging
import NewsModel
import Storage

/// Keeps the library from growing without bound: articles older than the library's
/// retention (`LibrarySettingKey.retentionDays`, 90 days unless set; 0 keeps everything)
/// are removed, except starred ones. The refresh scheduler runs it once a day; `broadsheet
/// retention run` runs it at once.
public struct ArticleRetention: Sendable {
    /// Days kept when the library has no setting.
    public static let defaultDays = 90
    /// The longest retention accepted (about 100 years); longer is "keep everything" anyway.
    public static let maximumDays = 36_500
    /// How often the scheduler runs it.
    public static let interval: TimeInterval = 24 * 3600

    let store: any ReaderStore
    let logger: Logger

    public init(store: any ReaderStore, logger: Logger = Logger(label: "broadsheet.retention")) {
        self.store = store
        self.logger = logger
    }

    /// The library's retention in days; 0 keeps everything.
    public func days() async throws -> Int {
        guard let text = try await store.setting(LibrarySettingKey.retentionDays), let days = Int(text) else { return Self.defaultDays }
        return min(max(days, 0), Self.maximumDays)
    }

    /// Sets the library's retention; 0 keeps everything. Throws for a negative or absurd number.
    public func setDays(_ days: Int) async throws {
        guard (0...Self.maximumDays).contains(days) else { throw RetentionError.outOfRange(days) }
        try await store.setSetting(LibrarySettingKey.retentionDays, to: String(days))
    }

    /// Removes what is older than the retention at `now`; nil when the library keeps everything.
    @discardableResult
    public func run(now: Date = Date()) async throws -> RetentionSummary? {
        let days = try await days()
        guard days > 0 else { return nil }
        let summary = try await store.removeArticles(before: now.addingTimeInterval(-Double(days) * 86_400))
        try await store.setSetting(LibrarySettingKey.retentionLastRunAt, to: String(Int(now.timeIntervalSince1970)))
        if summary.articlesRemoved > 0 || summary.sourcesRemoved > 0 {
            logger.info("removed old articles", metadata: [
                "articles.removed": "\(summary.articlesRemoved)", "sources.removed": "\(summary.sourcesRemoved)", "retention.days": "\(days)",
            ])
        }
        return summary
    }

    /// Runs it when the last run is a day old or more (also across restarts); errors are
    /// logged, not thrown, so the scheduler goes on.
    public func runIfDue(now: Date = Date()) async {
        do {
            if let text = try await store.setting(LibrarySettingKey.retentionLastRunAt), let last = Double(text),
               now.timeIntervalSince1970 - last < Self.interval, now.timeIntervalSince1970 >= last {
                return
            }
            try await run(now: now)
        } catch {
            logger.error("could not remove old articles", metadata: ["error": "\(error)"])
        }
    }
}

/// Why a retention setting was refused.
public enum RetentionError: Error, Sendable, Hashable, CustomStringConvertible {
    case outOfRange(Int)

    public var description: String {
        switch self {
        case .outOfRange(let days):
            "\(days) days cannot be a retention: give a number of days from 1 to \(ArticleRetention.maximumDays), or 0 to keep every article."
        }
    }
}
