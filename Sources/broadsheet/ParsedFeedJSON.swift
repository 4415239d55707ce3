import FeedParsing
import Foundation

/// Broadsheet's own JSON for a parsed feed (`--format json`).
enum ParsedFeedJSON {
    static func encode(_ feed: ParsedFeed) -> String {
        var writer = FeedJSONWriter()
        writer.dictionary(dictionary(feed))
        return writer.text
    }

    static func dictionary(_ feed: ParsedFeed) -> FeedDictionary {
        var result = FeedDictionary()
        result["format"] = .string(feed.format.rawValue)
        result["title"] = optional(feed.title)
        result["link"] = optional(feed.link)
        result["subtitle"] = optional(feed.subtitle)
        result["language"] = optional(feed.language)
        result["iconURL"] = optional(feed.iconURL)
        result["updated"] = optional(feed.updated.map(iso8601))
        result["encoding"] = .string(feed.encoding)
        result["problems"] = .list(feed.problems.map { problem in
            var entry = FeedDictionary()
            entry["kind"] = .string(problem.kind)
            entry["message"] = .string(problem.message)
            entry["line"] = problem.line.map(FeedValue.int) ?? .null
            entry["column"] = problem.column.map(FeedValue.int) ?? .null
            return .dictionary(entry)
        })
        result["items"] = .list(feed.items.map { item in
            var entry = FeedDictionary()
            entry["id"] = .string(item.id)
            entry["title"] = optional(item.title)
            entry["link"] = optional(item.link)
            entry["author"] = optional(item.author)
            entry["summary"] = optional(item.summary)
            entry["content"] = optional(item.content)
            entry["published"] = optional(item.published.map(iso8601))
            entry["updated"] = optional(item.updated.map(iso8601))
            entry["imageURL"] = optional(item.imageURL)
            entry["categories"] = .list(item.categories.map(FeedValue.string))
            entry["enclosures"] = .list(item.enclosures.map { enclosure in
                var value = FeedDictionary()
                value["url"] = .string(enclosure.url)
                value["type"] = optional(enclosure.type)
                value["length"] = enclosure.length.map(FeedValue.int) ?? .null
                return .dictionary(value)
            })
            return .dictionary(entry)
        })
        return result
    }

    private static func optional(_ text: String?) -> FeedValue {
        text.map(FeedValue.string) ?? .null
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
