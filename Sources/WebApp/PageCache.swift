import Foundation
import Hummingbird
import NewsModel
import Storage

/// Pages rendered a moment ago, kept for the next request of the same address by the same
/// person while nothing in the library changed. A page depends on the library (read through
/// the store), on who reads it (their id, settings and marks, all in the store), on a few
/// request details its key names (address with query, signed in or not, launch screen) and
/// on the form token of the browser asking. So an entry is kept only while the store's
/// `libraryChangeCount` and the person's `readingStateChangeCount` are what they were before
/// the page was read (any write through this process but another person's marks ends it),
/// for at most `lifetime` (writes by other processes sharing the
/// database, and "5 minutes ago" texts, catch up after that), and the form token is not
/// kept: the page is split where the token stood and each answer carries its own
/// browser's token. At most `capacityBytes` of pages are kept, the oldest dropped first, and
/// by default a page is kept only once its address was asked for a moment before
/// (`AnswerAdmission.onceAskedAgain`).
final class PageCache: Sendable {
    struct Key: Hashable, Sendable {
        /// The path and query, as asked.
        var address: String
        var user: UserID
        var isSignedIn: Bool
        /// Anything else the page shows that the request decides (the launch screen).
        var variant: String = ""
    }

    private let kept: KeptAnswers<Key, Entry>

    init?(store: any ReaderStore, capacityBytes: Int, lifetime: Duration = .seconds(5), admission: AnswerAdmission = .onceAskedAgain) {
        guard let kept = KeptAnswers<Key, Entry>(store: store, capacityBytes: capacityBytes, lifetime: lifetime, admission: admission) else { return nil }
        self.kept = kept
    }

    var capacityBytes: Int { kept.capacityBytes }

    /// A rendered page: its bytes, and where the form token stood in them.
    struct Entry: Sendable {
        var bytes: [UInt8]
        var tokenOffsets: [Int]
        var tokenLength: Int
    }

    /// What a page handler gives back: a page that may be kept, or an answer that is not
    /// (a redirect, a 404).
    enum Outcome {
        case page(HTML)
        case response(Response)

        /// The answer as it is sent when it is not kept.
        var response: Response {
            switch self {
            case .page(let page): .html(page)
            case .response(let response): response
            }
        }
    }

    /// The page for `key`: the kept one when it is still good, else `render`'s (kept when it
    /// is a page). `render` runs with the request's task-locals as usual.
    func response(for key: Key, render: () async throws -> Outcome) async throws -> Response {
        guard let token = FormToken.current, !token.isEmpty else {
            return try await render().response
        }
        let moment = kept.now(showingReadingStateOf: key.user)
        if let entry = kept.value(for: key, at: moment) { return Self.response(entry, token: token) }
        let outcome = try await render()
        guard case .page(let page) = outcome else { return outcome.response }
        // Counted as asked whether or not the page can be kept now.
        let isAdmitted = kept.admits(key, at: moment)
        // A page not asked for a moment before, or one that wrote what it shows (a first
        // opening marks the article read, so it is out of date once rendered), is not kept:
        // copying and searching it would serve no request.
        guard isAdmitted, kept.isCurrent(moment, showingReadingStateOf: key.user) else { return outcome.response }
        let entry = Self.entry(page, token: token)
        kept.keep(entry, size: entry.bytes.count + key.address.utf8.count + 64, for: key, readAt: moment)
        return Self.response(entry, token: token)
    }

    /// Forgets the pages too old to be served.
    func removeExpired() {
        kept.removeExpired()
    }

    /// Forgets every page (for tests, and for changes the store does not count).
    func removeAll() {
        kept.removeAll()
    }

    var count: Int { kept.count }

    /// Splits the page where the token stands. The token is 64 hex digits of an HMAC only
    /// this browser's requests carry, so it appears nowhere else in a page.
    private static func entry(_ page: HTML, token: String) -> Entry {
        let bytes = Array(page.rendered.utf8)
        let needle = Array(token.utf8)
        var offsets: [Int] = []
        if !needle.isEmpty, bytes.count >= needle.count {
            bytes.withUnsafeBufferPointer { haystack in
                needle.withUnsafeBufferPointer { pattern in
                    guard let haystackBase = haystack.baseAddress, let patternBase = pattern.baseAddress else { return }
                    var index = 0
                    let last = haystack.count - pattern.count
                    let first = pattern[0]
                    while index <= last {
                        if haystack[index] == first, memcmp(haystackBase + index, patternBase, pattern.count) == 0 {
                            offsets.append(index)
                            index += pattern.count
                        } else {
                            index += 1
                        }
                    }
                }
            }
        }
        return Entry(bytes: bytes, tokenOffsets: offsets, tokenLength: needle.count)
    }

    /// The kept page with `token` where the form token stood, with the headers of `Response.html`.
    private static func response(_ entry: Entry, token: String) -> Response {
        var buffer = ByteBuffer()
        let tokenBytes = Array(token.utf8)
        buffer.reserveCapacity(entry.bytes.count + entry.tokenOffsets.count * max(0, tokenBytes.count - entry.tokenLength))
        var start = 0
        entry.bytes.withUnsafeBufferPointer { bytes in
            for offset in entry.tokenOffsets {
                buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                buffer.writeBytes(tokenBytes)
                start = offset + entry.tokenLength
            }
            buffer.writeBytes(UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        let fingerprint = buffer.withUnsafeReadableBytes { raw in
            PageFingerprint.hash(raw.bindMemory(to: UInt8.self))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                .eTag: "W/\"\(PageFingerprint.hex(value: fingerprint))\"",
            ],
            body: ResponseBody(byteBuffer: buffer)
        )
    }
}
