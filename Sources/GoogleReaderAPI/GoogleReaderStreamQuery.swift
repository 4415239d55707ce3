import Foundation
import NewsModel
import SyncSupport

/// What a stream request asks for — `n` (how many), `c` (continuation), `r=o` (oldest first),
/// `ot`/`nt` (published after/before), `xt`/`it` (exclude/include a state) — turned into the
/// store's `Timeline`, plus the part of it the store's lists cannot express (starred among
/// one feed's items, or not starred), applied to each page afterwards.
struct GoogleReaderStreamQuery: Sendable {
    /// What a page keeps after the store's list: true to keep the item.
    typealias StateFilter = @Sendable (ReadingState) -> Bool

    var stream: GoogleReaderStream
    var count: Int
    var continuation: TimelineCursor?
    var oldestFirst: Bool
    var publishedFrom: Date?
    var publishedTo: Date?
    var excluded: [GoogleReaderStream]
    var included: [GoogleReaderStream]

    init(stream: GoogleReaderStream, fields: FormFields, defaultCount: Int, maximumCount: Int) throws {
        self.stream = stream
        if let text = fields.nonEmpty("n") {
            guard let value = Int(text), value > 0 else { throw GoogleReaderFailure.badRequest("n must be a positive whole number.") }
            count = min(value, maximumCount)
        } else {
            count = defaultCount
        }
        if let text = fields.nonEmpty("c") {
            guard let cursor = TimelineCursor(text) else {
                throw GoogleReaderFailure.badRequest("c must be a continuation this server gave; start again without it.")
            }
            continuation = cursor
        }
        oldestFirst = fields["r"] == "o"
        publishedFrom = try Self.time(fields, "ot")
        publishedTo = try Self.time(fields, "nt")
        excluded = try Self.streams(fields.all("xt"), name: "xt")
        included = try Self.streams(fields.all("it"), name: "it")
    }

    /// The store's timeline for this query and the filter to apply to its pages; nil when the
    /// stream is certainly empty (a feed or folder the person does not have, a state Broadsheet
    /// keeps nothing for, or filters that exclude each other).
    func timeline(in library: GoogleReaderLibrary) -> (timeline: Timeline, filter: StateFilter?)? {
        guard var scope = library.scope(of: stream) else { return nil }
        var wantsRead: Bool?
        switch stream {
        case .read: wantsRead = true
        case .keptUnread: wantsRead = false
        default: break
        }
        for state in excluded {
            switch state {
            case .read:
                if wantsRead == true { return nil }
                wantsRead = false
            case .starred where stream == .starred:
                return nil
            default: break
            }
        }
        for state in included {
            switch state {
            case .read:
                if wantsRead == false { return nil }
                wantsRead = true
            case .keptUnread:
                if wantsRead == true { return nil }
                wantsRead = false
            case .starred where scope == .all:
                scope = .starred
            default: break
            }
        }
        let needsStarred = included.contains(.starred) && scope != .starred
        let needsUnstarred = excluded.contains(.starred)
        var filter: StateFilter?
        if needsStarred && needsUnstarred { return nil }
        if needsStarred { filter = { $0.isStarred } }
        if needsUnstarred { filter = { !$0.isStarred } }
        let readFilter: Timeline.ReadFilter = switch wantsRead {
        case true?: .read
        case false?: .unread
        case nil: .any
        }
        let timeline = Timeline(
            scope: scope, filter: readFilter, order: oldestFirst ? .oldestFirst : .newestFirst,
            publishedFrom: publishedFrom, publishedTo: publishedTo, limit: count, continuation: continuation
        )
        return (timeline, filter)
    }

    private static func time(_ fields: FormFields, _ name: String) throws -> Date? {
        guard let text = fields.nonEmpty(name) else { return nil }
        guard let date = GoogleReaderTime.date(fromClientValue: text) else {
            throw GoogleReaderFailure.badRequest("\(name) must be a time in seconds since 1970.")
        }
        return date
    }

    private static func streams(_ values: [String], name: String) throws -> [GoogleReaderStream] {
        try values.filter { !$0.isEmpty }.map { text in
            guard let stream = GoogleReaderStream(text) else {
                throw GoogleReaderFailure.badRequest("\(name) must be a stream id such as user/-/state/com.google/read.")
            }
            return stream
        }
    }
}
