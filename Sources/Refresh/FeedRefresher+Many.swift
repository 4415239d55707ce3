import Foundation
import NewsModel
import Storage

extension FeedRefresher {
    /// Refreshes `sources` with at most `concurrency` in flight (the fetcher also limits
    /// each host), calling `onReport` as each one finishes.
    ///
    /// A pass reads every source's refresh state at once, and outcomes that carry no
    /// articles (a 304, a failure) are written together (`ArticleStore.recordRefreshStates`):
    /// when `deferredStatesPerWrite` have gathered, when another outcome comes in more than
    /// `deferredStateDelay` after the first of them, and at the end of the pass. A pass over
    /// unchanged feeds costs a few writes, not one per feed; their reports follow the write.
    /// (A kill before such a write loses only those states: the feeds are asked again, with
    /// the same validators, on the next pass.) Feeds with articles are stored one transaction
    /// each, as they come. When push takes part (`pushSubscriptions`), each source is
    /// refreshed on its own, as `refresh(_:now:)` does.
    public func refresh(
        _ sources: [Source], concurrency: Int,
        onReport: @escaping @Sendable (RefreshReport) async -> Void = { _ in }
    ) async -> [RefreshReport] {
        // Nil when push takes part or the states could not be read: one source at a time.
        var states: [SourceID: FeedState]?
        if pushSubscriptions == nil {
            do {
                states = try await store.feedStates(for: sources.map(\.id))
            } catch {
                logger.error("could not read the refresh states; reading them one by one", metadata: ["error": "\(error)"])
            }
        }
        let knownStates = states
        return await withTaskGroup(of: Step.self) { group in
            var reports: [RefreshReport] = []
            var deferred = DeferredStates()
            var pending = sources.makeIterator()
            var inFlight = 0
            func start(_ source: Source) {
                group.addTask {
                    guard let knownStates else { return .reported(await refresh(source)) }
                    let now = Date()
                    let previous = knownStates[source.id]
                    let fetched = await fetch(source, previous: previous, now: now)
                    if case .toRecord(let result, let outcome, _) = fetched, result.articles.isEmpty, result.discoveredMetadata == nil, !result.isPush {
                        return .deferred(source, result.state, outcome)
                    }
                    return .reported(await record(fetched, for: source, previous: previous, now: now))
                }
            }
            while inFlight < max(1, concurrency), let source = pending.next() {
                start(source)
                inFlight += 1
            }
            while let step = await group.next() {
                switch step {
                case .reported(let report):
                    reports.append(report)
                    await onReport(report)
                case .deferred(let source, let state, let outcome):
                    deferred.add(source, state: state, outcome: outcome)
                    if deferred.count >= Self.deferredStatesPerWrite || deferred.age >= Self.deferredStateDelay {
                        for report in await write(&deferred) {
                            reports.append(report)
                            await onReport(report)
                        }
                    }
                }
                if !Task.isCancelled, let source = pending.next() {
                    start(source)
                }
            }
            for report in await write(&deferred) {
                reports.append(report)
                await onReport(report)
            }
            return reports
        }
    }

    /// The most article-less outcomes written in one transaction.
    static var deferredStatesPerWrite: Int { 256 }
    /// The longest an article-less outcome waits for others to be written with.
    static var deferredStateDelay: Duration { .seconds(1) }

    /// What one task of a pass ends with.
    enum Step: Sendable {
        case reported(RefreshReport)
        /// An outcome without articles, to be written with others.
        case deferred(Source, FeedState, RefreshReport.Outcome)
    }

    /// Writes the deferred states in one transaction and empties them; their reports, or
    /// failures saying the write failed.
    private func write(_ deferred: inout DeferredStates) async -> [RefreshReport] {
        guard deferred.count > 0 else { return [] }
        let batch = deferred
        deferred = DeferredStates()
        do {
            try await store.recordRefreshStates(batch.states)
            return batch.reports
        } catch {
            logger.error("could not store the refresh states", metadata: ["error": "\(error)", "sources": "\(batch.count)"])
            return batch.reports.map {
                RefreshReport(sourceID: $0.sourceID, sourceName: $0.sourceName, outcome: .failed("The refresh could not be stored: \(error)"))
            }
        }
    }
}

/// Article-less outcomes waiting to be written together, with their reports.
struct DeferredStates {
    private(set) var states: [SourceID: FeedState] = [:]
    private(set) var reports: [RefreshReport] = []
    private var firstAddedAt: ContinuousClock.Instant?

    var count: Int { reports.count }

    /// How long the oldest has waited.
    var age: Duration {
        firstAddedAt.map { ContinuousClock.now - $0 } ?? .zero
    }

    mutating func add(_ source: Source, state: FeedState, outcome: RefreshReport.Outcome) {
        if firstAddedAt == nil { firstAddedAt = ContinuousClock.now }
        states[source.id] = state
        reports.append(RefreshReport(sourceID: source.id, sourceName: source.name, outcome: outcome))
    }
}
