/// Labelled headlines in the tab-separated format of the news-aggregator evaluation set:
/// `id, title, publisher, hostname, category, timestamp_ms[, story]`, with an optional header
/// line. What `broadsheet cluster` reads, to measure grouping on real data.
public struct HeadlineFile: Sendable {
    public struct Headline: Sendable, Hashable {
        public var id: Int64
        public var title: String
        public var publisher: String
        public var hostname: String
        /// Milliseconds since 1970.
        public var timestamp: Int64
    }

    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case malformedLine(number: Int, reason: String)
        case duplicateID(number: Int, id: Int64)

        public var description: String {
            switch self {
            case .malformedLine(let number, let reason):
                return "Line \(number) is not a headline (\(reason)); each line needs id, title, publisher, hostname, category and timestamp_ms, separated by tabs."
            case .duplicateID(let number, let id):
                return "Line \(number) repeats the id \(id); give each headline its own id."
            }
        }
    }

    public private(set) var headlines: [Headline] = []

    /// Reads the lines of `text`; blank lines are skipped, a first line starting with `id`
    /// is the header.
    public init(text: String) throws(ReadError) {
        var seen: Set<Int64> = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if trimmed.isEmpty { continue }
            let fields = trimmed.split(separator: "\t", omittingEmptySubsequences: false)
            if number == 1, fields.first == "id" { continue }
            guard fields.count >= 6 else {
                throw .malformedLine(number: number, reason: "\(fields.count) fields")
            }
            guard let id = Int64(fields[0]) else { throw .malformedLine(number: number, reason: "the id is not a number") }
            guard let timestamp = Int64(fields[5]) else {
                throw .malformedLine(number: number, reason: "the timestamp is not a number of milliseconds")
            }
            guard seen.insert(id).inserted else { throw .duplicateID(number: number, id: id) }
            headlines.append(Headline(id: id, title: String(fields[1]), publisher: String(fields[2]), hostname: String(fields[3]), timestamp: timestamp))
        }
    }

    /// Keeps only the headlines `isIncluded` accepts (to measure on a part of a file).
    public mutating func keep(_ isIncluded: (Headline) -> Bool) {
        headlines = headlines.filter(isIncluded)
    }

    /// The headlines in arrival order (by timestamp; the file's order among equal times).
    public var inArrivalOrder: [Headline] {
        headlines.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }.map(\.element)
    }

    /// Groups the headlines as the product groups arriving articles, and returns each
    /// headline's story (the id of the story's first headline), in arrival order.
    public func group(options: StoryGroupingOptions = StoryGroupingOptions()) -> [(article: Int64, story: Int64)] {
        var grouper = StoryGrouper(options: options)
        var labels = StoryLabels()
        var sourceNumbers: [String: Int64] = [:]
        for headline in inArrivalOrder {
            let source = sourceNumbers[headline.publisher] ?? Int64(sourceNumbers.count)
            sourceNumbers[headline.publisher] = source
            let article = StoryArticle(
                id: headline.id, source: source, sourceName: headline.publisher + " " + headline.hostname,
                title: headline.title, time: headline.timestamp / 1000
            )
            labels.record(grouper.place(article))
        }
        return labels.labels
    }
}
