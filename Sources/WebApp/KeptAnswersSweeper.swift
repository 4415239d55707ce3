import ServiceLifecycle
import Storage
import Synchronization

/// Every few seconds while the server runs, forgets the kept pages, API answers and readers
/// that are too old to be used, so that a server at rest does not hold the last busy
/// minute's answers (up to the caches' whole budget) in memory; and once no request came
/// for a whole interval, lets the store free its own caches.
struct KeptAnswersSweeper: Service {
    let pageCache: PageCache?
    let apiAnswers: APIAnswerCache?
    let pageReaders: PageReaderCache?
    let store: any ReaderStore
    let requests: RequestCounter
    var interval: Duration = .seconds(10)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var requestsBefore = requests.value
            var released = false
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                pageCache?.removeExpired()
                apiAnswers?.removeExpired()
                pageReaders?.removeExpired()
                let requestsNow = requests.value
                if requestsNow != requestsBefore {
                    released = false
                } else if !released, let store = store as? any IdleMemoryReleasing {
                    store.releaseIdleMemory()
                    released = true
                }
                requestsBefore = requestsNow
            }
        }
    }
}

/// How many requests the server has begun answering.
final class RequestCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
}
