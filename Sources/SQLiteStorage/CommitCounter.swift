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
        state.withLock { state in
            switch state.nextCommit {
            case .readingState(let user)?: state.readingStates[user, default: 0] += 1
            case .readCounts?: break
            case nil: state.library += 1
            }
            state.nextCommit = nil
        }
    }
    func databaseDidRollback(_ db: Database) {
        state.withLock { $0.nextCommit = nil }
    }
}
