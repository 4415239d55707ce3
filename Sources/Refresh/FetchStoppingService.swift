import Fetching
import ServiceLifecycle

/// Stops every fetch in flight as soon as the server starts shutting down. Run it in the
/// same service group as the web server, listed after it: a group shuts its services down
/// last-listed first, so the fetches are stopped before the server waits for its requests
/// (an article page waiting on a slow site would otherwise hold shutdown up).
public struct FetchStoppingService: Service {
    let fetcher: HTTPFetcher

    public init(fetcher: HTTPFetcher) {
        self.fetcher = fetcher
    }

    public func run() async throws {
        // Returns when graceful shutdown begins, or throws when the group is cancelled.
        try? await gracefulShutdown()
        fetcher.stopFetching()
    }
}
