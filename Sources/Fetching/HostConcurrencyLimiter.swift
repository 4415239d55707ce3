/// Lets at most `limit` requests run at once against any one host, so one feed-heavy site
/// is never hammered and one slow site cannot take every slot. Waiters are served in order,
/// and a waiter whose task is cancelled (a deadline, shutdown) leaves the queue at once.
actor HostConcurrencyLimiter {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let limit: Int
    private var running: [String: Int] = [:]
    private var waiting: [String: [Waiter]] = [:]
    private var nextWaiterID = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Takes a slot for `host`, waiting for one if needed. False when the task was cancelled
    /// first: no slot is then held, and `release` must not be called.
    @discardableResult
    func acquire(_ host: String) async -> Bool {
        if Task.isCancelled { return false }
        if running[host, default: 0] < limit {
            running[host, default: 0] += 1
            return true
        }
        let id = nextWaiterID
        nextWaiterID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiting[host, default: []].append(Waiter(id: id, continuation: continuation))
                }
            }
        } onCancel: {
            Task { await self.abandon(id, host: host) }
        }
    }

    func release(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            // The slot passes straight to the next waiter; the running count stays.
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            next.continuation.resume(returning: true)
            return
        }
        let remaining = running[host, default: 1] - 1
        running[host] = remaining > 0 ? remaining : nil
    }

    private func abandon(_ id: Int, host: String) {
        guard var queue = waiting[host], let index = queue.firstIndex(where: { $0.id == id }) else { return }
        let waiter = queue.remove(at: index)
        waiting[host] = queue.isEmpty ? nil : queue
        waiter.continuation.resume(returning: false)
    }
}
