import Fetching
import Foundation
import Markup
import Storage

/// Loads a source's feed bytes: from the web through the fetcher (conditionally, with the
/// validators of the last success), or from a local feed file so Broadsheet works offline.
public struct FeedLoader: Sendable {
    let fetcher: any HTTPFetching
    /// The largest local file read, like the fetcher's body limit.
    let maximumFileBytes: Int

    public init(fetcher: any HTTPFetching, maximumFileBytes: Int = 16 * 1_048_576) {
        self.fetcher = fetcher
        self.maximumFileBytes = maximumFileBytes
    }

    /// Loads a source's feed: a `file:` URL from disk (only the operator adds those, from the
    /// command line), anything else from the web.
    public func load(_ feedURL: String, state: FeedState?) async throws(FetchError) -> FetchResponse {
        if feedURL.hasPrefix("file:") {
            return try readFile(feedURL, knownModification: state?.lastModified)
        }
        return try await fetcher.fetch(FetchRequest(url: feedURL, etag: state?.etag, lastModified: state?.lastModified))
    }

    /// Fetches a URL that remote content named (a page's feed links, a feed's site): only
    /// ever over http or https, whatever the scheme it was written with, so a page cannot
    /// make Broadsheet read a file on the server.
    public func loadFromWeb(_ url: String) async throws(FetchError) -> FetchResponse {
        guard URLResolver.isWebURL(url) else { throw .unsupportedScheme(url) }
        return try await fetcher.fetch(FetchRequest(url: url))
    }

    /// Reads a `file://` feed; answers "not modified" when its modification time is the one
    /// recorded at the last refresh.
    func readFile(_ fileURL: String, knownModification: String?) throws(FetchError) -> FetchResponse {
        guard let path = URL(string: fileURL)?.path, !path.isEmpty else { throw .invalidURL(fileURL) }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .fileUnreadable(path: path, reason: "it does not exist or cannot be opened")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumFileBytes else { throw .tooLarge(url: fileURL, limit: maximumFileBytes) }
        let modified = (attributes[.modificationDate] as? Date).map { String(Int64($0.timeIntervalSince1970 * 1000)) }
        if let modified, modified == knownModification {
            return FetchResponse(url: fileURL, statusCode: 304, headers: ["last-modified": modified], body: [])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .fileUnreadable(path: path, reason: "it is not a readable file")
        }
        guard data.count <= maximumFileBytes else { throw .tooLarge(url: fileURL, limit: maximumFileBytes) }
        var headers: [String: String] = [:]
        if let modified { headers["last-modified"] = modified }
        return FetchResponse(url: fileURL, statusCode: 200, headers: headers, body: [UInt8](data))
    }
}
