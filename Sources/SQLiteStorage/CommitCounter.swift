import GRDB
import Synchronization

/// Counts the transactions committed on the store's writer connection (`SQLiteStore`'s
/// `libraryChangeCount`). It asks for no row-level events, so SQLite reports nothing to it
/// but the commit itself.
final class CommitCounter: TransactionObserver, Sendable {
    private let count = Atomic<UInt64>(0)

    var value: UInt64 { count.load(ordering: .acquiring) }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) {
        count.add(1, ordering: .releasing)
    }
    func databaseDidRollback(_ db: Database) {}
}
