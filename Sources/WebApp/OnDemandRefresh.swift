import Foundation
import NewsModel
import Refresh

/// "Refresh now" from the pages: one source while the person waits, or every source in
/// the background. Two presses never fetch the same thing twice at once: a second request
/// for a source already being refreshed waits for that refresh, and "everything" runs once
/// at a time. (The scheduler may fetch the same feed in the same minute; the store's
/// `(source, guid)` identity makes that harmless.)
actor OnDemandRefresh {
    let refresher: FeedRefresher
    /// Sources fetched at once when refreshing everything, as the scheduler does.
    let concurrency: Int

    private var sourcesInFlight: [SourceID: Task<RefreshReport, Never>] = [:]
    private var everything: Task<Void, Never>?
    private(set) var progress: Progress?

    /// How far "refresh everything" has come.
    struct Progress: Sendable, Hashable {
        var total: Int
        var done: Int
        var failed: Int
    }

    init(refresher: FeedRefresher, concurrency: Int = 4) {
        self.refresher = refresher
        self.concurrency = concurrency
    }

    func refresh(_ source: Source) async -> RefreshReport {
        if let running = sourcesInFlight[source.id] {
            return await running.value
        }
        let task = Task { [refresher] in await refresher.refresh(source) }
        sourcesInFlight[source.id] = task
        let report = await task.value
        sourcesInFlight[source.id] = nil
        return report
    }

    /// Starts refreshing `sources` unless a refresh of everything is already under way;
    /// returns false in that case.
    @discardableResult
    func refreshEverything(_ sources: [Source]) -> Bool {
        guard everything == nil, !sources.isEmpty else { return false }
        progress = Progress(total: sources.count, done: 0, failed: 0)
        everything = Task { [refresher, concurrency] in
            _ = await refresher.refresh(sources, concurrency: concurrency) { report in
                await self.recordProgress(failed: report.isFailure)
            }
            self.finishEverything()
        }
        return true
    }

    /// Waits until the current refresh of everything (if any) is over; for tests.
    func waitForEverything() async {
        await everything?.value
    }

    private func recordProgress(failed: Bool) {
        progress?.done += 1
        if failed { progress?.failed += 1 }
    }

    private func finishEverything() {
        everything = nil
        progress = nil
    }
}
