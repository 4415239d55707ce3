import Fetching
import Synchronization

/// Answers fetches from a table, and remembers what was asked, so refresh logic can be
/// tested without a network.
final class StubFetcher: HTTPFetching {
    enum Answer: Sendable {
        case body(String, headers: [String: String] = [:])
        case notModified
        case failure(FetchError)
    }

    private let answers: Mutex<[String: Answer]>
    private let requests = Mutex<[FetchRequest]>([])

    init(_ answers: [String: Answer] = [:]) {
        self.answers = Mutex(answers)
    }

    func set(_ url: String, _ answer: Answer) {
        answers.withLock { $0[url] = answer }
    }

    var requested: [FetchRequest] { requests.withLock { $0 } }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        requests.withLock { $0.append(request) }
        switch answers.withLock({ $0[request.url] }) {
        case .body(let text, let headers)?:
            return FetchResponse(url: request.url, statusCode: 200, headers: headers, body: Array(text.utf8))
        case .notModified?:
            return FetchResponse(url: request.url, statusCode: 304, headers: [:], body: [])
        case .failure(let error)?:
            throw error
        case nil:
            throw .httpStatus(url: request.url, code: 404)
        }
    }
}

enum FeedFixtures {
    static func rss(title: String = "Tidewater Notes", items: [(guid: String, title: String, body: String)]) -> String {
        let entries = items.map { item in
            """
            <item><guid>\(item.guid)</guid><title>\(item.title)</title>
            <link>https://tidewater.example/\(item.guid)</link>
            <author>editor@tidewater.example (Ines Marlow)</author>
            <pubDate>Fri, 20 Nov 2026 08:00:00 GMT</pubDate>
            <description>\(item.body)</description></item>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>\(title)</title><link>https://tidewater.example/</link>
            <description>Notes from the estuary</description><language>en-gb</language>
            \(entries)
            </channel></rss>
            """
    }
}
