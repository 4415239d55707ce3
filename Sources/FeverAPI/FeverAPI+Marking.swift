import Foundation
import NewsModel
import Storage
import SyncSupport

/// `mark=item|feed|group` with `as=read|unread|saved|unsaved`, `id`, and `before` for feeds
/// and groups.
extension FeverAPI {
    /// Which id list an answer to a mark carries (the apps check it).
    enum Listing {
        case unread, saved
    }

    func mark(_ kind: String, fields: FormFields, for user: UserID) async throws -> Listing {
        guard let state = fields.nonEmpty("as") else { throw BadRequest(reason: "Say what to mark the \(kind) as with as=read, unread, saved or unsaved.") }
        guard let idText = fields.nonEmpty("id"), idText.utf8.count <= 20, let id = Int64(idText) else {
            throw BadRequest(reason: "id must be a whole number.")
        }
        let time = now()
        switch kind {
        case "item":
            let article = [ArticleID(rawValue: id)]
            switch state {
            case "read": try await store.markRead(article, for: user, at: time); return .unread
            case "unread": _ = try await store.setRead(false, articles: article, for: user, at: time); return .unread
            case "saved": _ = try await store.setStarred(true, articles: article, for: user, at: time); return .saved
            case "unsaved": _ = try await store.setStarred(false, articles: article, for: user, at: time); return .saved
            default: throw BadRequest(reason: "An item can be marked as read, unread, saved or unsaved.")
            }
        case "feed", "group":
            guard state == "read" else { throw BadRequest(reason: "A \(kind) can only be marked as read.") }
            // Nothing stored after `before` is marked: what arrived since the app looked stays unread.
            var limit = time
            if let before = fields.nonEmpty("before") {
                guard before.utf8.count <= 20, let seconds = Int64(before) else { throw BadRequest(reason: "before must be a time in seconds since 1970.") }
                limit = min(limit, Date(timeIntervalSince1970: TimeInterval(seconds)))
            }
            for scope in try await scopes(kind, id: id, user: user) {
                _ = try await store.markAllRead(in: scope, upTo: .fetchedThrough(limit), for: user, at: time)
            }
            return .unread
        default:
            throw BadRequest(reason: "mark must be item, feed or group.")
        }
    }

    /// The store's lists a feed or group id stands for: a feed is the person's source with that
    /// number; group 0 is everything (Fever's "Kindling"), -1 the sparks (none here), else a folder.
    private func scopes(_ kind: String, id: Int64, user: UserID) async throws -> [Timeline.Scope] {
        if kind == "feed" {
            let sources = try await store.subscriptions(of: user).map(\.sourceID).filter { FeverFeedID.of($0) == id }
            guard !sources.isEmpty else { throw BadRequest(reason: "You follow no feed with id \(id).") }
            return sources.map(Timeline.Scope.source)
        }
        switch id {
        case 0: return [.all]
        case -1: return []
        default:
            guard try await store.folders(of: user).contains(where: { $0.id.rawValue == id }) else {
                throw BadRequest(reason: "You have no group with id \(id).")
            }
            return [.folder(FolderID(rawValue: id))]
        }
    }
}
