import Logging
import ServiceLifecycle

/// Runs `StoryTracker.catchUp` every few seconds in the background of `serve`, until
/// shutdown: articles a refresh stored are in their stories moments later.
public struct StoryTrackingService: Service {
    let tracker: StoryTracker
    let interval: Duration
    let logger: Logger

    public init(tracker: StoryTracker, interval: Duration = .seconds(10), logger: Logger = Logger(label: "broadsheet.stories")) {
        self.tracker = tracker
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let placed = try await tracker.catchUp()
                    if placed > 0 { logger.debug("placed articles in stories", metadata: ["articles": "\(placed)"]) }
                } catch {
                    logger.error("could not place new articles in stories; trying again shortly", metadata: ["error": "\(error)"])
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
