import NewsModel

extension FeedRefresher {
    /// Refreshes `sources` with at most `concurrency` in flight (the fetcher also limits
    /// each host), calling `onReport` as each one finishes.
    public func refresh(
        _ sources: [Source], concurrency: Int,
        onReport: @escaping @Sendable (RefreshReport) async -> Void = { _ in }
    ) async -> [RefreshReport] {
        await withTaskGroup(of: RefreshReport.self) { group in
            var reports: [RefreshReport] = []
            var pending = sources.makeIterator()
            var inFlight = 0
            while inFlight < max(1, concurrency), let source = pending.next() {
                group.addTask { await refresh(source) }
                inFlight += 1
            }
            while let report = await group.next() {
                reports.append(report)
                await onReport(report)
                if !Task.isCancelled, let source = pending.next() {
                    group.addTask { await refresh(source) }
                }
            }
            return reports
        }
    }
}
