/// Lets at most `limit` requests run at once against any one host, so one feed-heavy site
/// is never hammered and one slow site cannot take every slot. Waiters are served in order.
actor HostConcurrencyLimiter {
    private let limit: Int
    private var running: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func acquire(_ host: String) async {
        if running[host, default: 0] < limit {
            running[host, default: 0] += 1
            return
        }
        await withCheckedContinuation { continuation in
            waiting[host, default: []].append(continuation)
        }
    }

    func release(_ host: String) {
        if var queue = waiting[host], !queue.isEmpty {
            // The slot passes straight to the next waiter; the running count stays.
            let next = queue.removeFirst()
            waiting[host] = queue.isEmpty ? nil : queue
            next.resume()
            return
        }
        let remaining = running[host, default: 1] - 1
        running[host] = remaining > 0 ? remaining : nil
    }
}
