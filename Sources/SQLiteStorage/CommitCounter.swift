import GRDB
import NewsModel
import Synchronization

/// Counts the transactions committed on the store's writer connection, by what they change
/// (`SQLiteStore`'s `libraryChangeCount` and `readingStateChangeCount(of:)`). A write that
/// changes only one person's reading state, or only the articles' read counts, says so with
/// `nextCommitChanges(_:)` inside its transaction (the writer runs one transaction at a
/// time, so the mark belongs to that transaction's commit); every other commit counts as a
/// change of the library. It asks for no row-level events, so SQLite reports nothing to it
/// but the commit itself.
///
/// A commit that changed no row counts as nothing: GRDB reports every transaction, and
/// a write that turns out to have nothing to do (opening an article already read, a mark
/// already there) would otherwise end every kept page and answer of every person. The
/// writer connection's `totalChangesCount` (rows inserted, updated or deleted, triggers
/// included) tells: it is read at each commit and rollback, so a transaction whose count did
/// not move wrote nothing.
final class CommitCounter: TransactionObserver, Sendable {
    /// What a commit changes, when it is less than the library.
    enum Scope: Sendable, Equatable {
        /// One person's marks: read, unread, starred.
        case readingState(of: UserID)
        /// The articles' read counts, which no page or answer shows.
        case readCounts
    }

    private struct State {
        var library: UInt64 = 0
        var readingStates: [UserID: UInt64] = [:]
        var nextCommit: Scope?
        /// The writer's `totalChangesCount` when its last transaction ended.
        var totalChangesAtLastEnd = 0
    }

    private let state = Mutex(State())

    var libraryChanges: UInt64 { state.withLock { $0.library } }

    func readingStateChanges(of user: UserID) -> UInt64 {
        state.withLock { $0.readingStates[user] ?? 0 }
    }

    /// Marks the transaction in progress on the writer as changing only `scope`.
    func nextCommitChanges(_ scope: Scope) {
        state.withLock { $0.nextCommit = scope }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) {
        let totalChanges = db.totalChangesCount
        state.withLock { state in
            defer {
                state.nextCommit = nil
                state.totalChangesAtLastEnd = totalChanges
            }
            guard totalChanges != state.totalChangesAtLastEnd else { return }
            switch state.nextCommit {
            case .readingState(let user)?: state.readingStates[user, default: 0] += 1
            case .readCounts?: break
            case nil: state.library += 1
            }
        }
    }
    func databaseDidRollback(_ db: Database) {
        let totalChanges = db.totalChangesCount
        state.withLock { state in
            state.nextCommit = nil
            state.totalChangesAtLastEnd = totalChanges
        }
    }
}
