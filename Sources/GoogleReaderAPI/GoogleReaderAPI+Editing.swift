import Foundation
import Hummingbird
import NewsModel
import Storage
import SyncSupport

/// Changing state: `edit-tag` and `mark-all-as-read`.
extension GoogleReaderAPI {
    /// `edit-tag`: `i=` ids (repeated), states to add (`a=`) and remove (`r=`). Read, starred
    /// and kept-unread are kept; labels on single items and other states are accepted and
    /// ignored (Broadsheet files feeds in folders, not items).
    func editTag(_ call: Call) async throws -> Response {
        let ids = try Self.itemIDs(call.fields)
        let added = try Self.states(call.fields.all("a"), name: "a")
        let removed = try Self.states(call.fields.all("r"), name: "r")
        let user = call.user.id
        let time = now()
        // newsboat marks read with a=read&r=kept-unread, and unread with the reverse.
        let marksRead = added.contains(.read)
        let marksUnread = removed.contains(.read) || added.contains(.keptUnread)
        if marksRead && marksUnread {
            throw GoogleReaderFailure.badRequest("An item cannot be marked read and unread at once.")
        }
        // Read as on the pages: with the rest of each story, for someone who asked for that.
        if marksRead { try await store.markRead(ids, for: user, at: time) }
        if marksUnread { _ = try await store.setRead(false, articles: ids, for: user, at: time) }
        if added.contains(.starred) {
            _ = try await store.setStarred(true, articles: ids, for: user, at: time)
        } else if removed.contains(.starred) {
            _ = try await store.setStarred(false, articles: ids, for: user, at: time)
        }
        return .text("OK")
    }

    /// `mark-all-as-read`: `s=STREAM` and `ts` (nothing first stored after `ts` is marked, so
    /// items that arrived after the app last looked stay unread). Without `ts`, up to now.
    func markAllAsRead(_ call: Call) async throws -> Response {
        guard let text = call.fields.nonEmpty("s") else { throw GoogleReaderFailure.badRequest("Name the stream with s=STREAM.") }
        guard let stream = GoogleReaderStream(text) else { throw GoogleReaderFailure.badRequest("\(Self.shown(text)) is not a stream id.") }
        var limit = now()
        if let value = call.fields.nonEmpty("ts") {
            guard let date = GoogleReaderTime.date(fromClientValue: value) else {
                throw GoogleReaderFailure.badRequest("ts must be a time in microseconds since 1970.")
            }
            limit = min(limit, date)
        }
        let library = try await GoogleReaderLibrary.load(for: call.user.id, from: store)
        switch stream {
        case .read, .otherState:
            break
        case .feed, .label:
            guard let scope = library.scope(of: stream) else {
                throw GoogleReaderFailure.badRequest("You have no feed or folder \(Self.shown(text)).")
            }
            _ = try await store.markAllRead(in: scope, upTo: .fetchedThrough(limit), for: call.user.id, at: now())
        case .readingList, .keptUnread, .starred:
            guard let scope = library.scope(of: stream) else { break }
            _ = try await store.markAllRead(in: scope, upTo: .fetchedThrough(limit), for: call.user.id, at: now())
        }
        return .text("OK")
    }

    /// The state streams of `a=` or `r=`; labels and unknown states are dropped.
    private static func states(_ values: [String], name: String) throws -> Set<GoogleReaderStream> {
        var states: Set<GoogleReaderStream> = []
        for text in values where !text.isEmpty {
            guard let stream = GoogleReaderStream(text) else {
                throw GoogleReaderFailure.badRequest("\(name) must be a state such as user/-/state/com.google/read; got \(shown(text)).")
            }
            switch stream {
            case .read, .starred, .keptUnread: states.insert(stream)
            default: break
            }
        }
        return states
    }
}
