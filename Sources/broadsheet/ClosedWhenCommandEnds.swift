import Fetching

/// What the command opened and must close before the process exits: its stores (a
/// PostgreSQL server then sees its connections end cleanly, a SQLite library is left with a
/// short WAL for the next process, `SQLiteStore.close`) and its fetcher's connection pool.
///
/// They are closed at once, not one after another: closing a refresh's pool of idle
/// connections runs on the fetcher's event loops while the library checkpoints on its own
/// threads, and both were a fifth of an all-unchanged refresh when done in turn.
actor ClosedWhenCommandEnds {
    static let shared = ClosedWhenCommandEnds()
    private var open: [any ClosedAtExit] = []

    func add(_ resource: any ClosedAtExit) {
        open.append(resource)
    }

    func closeAll() async {
        let closing = open
        open = []
        await withTaskGroup(of: Void.self) { group in
            for resource in closing {
                group.addTask { await resource.close() }
            }
        }
    }
}

/// A store or client the command closes when it ends (`ClosedWhenCommandEnds`).
protocol ClosedAtExit: Sendable {
    func close() async
}

extension HTTPFetcher: ClosedAtExit {
    func close() async {
        try? await shutdown()
    }
}
