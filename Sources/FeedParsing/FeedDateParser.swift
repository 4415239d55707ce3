import Foundation

/// Reads the dates feeds carry, with the same answers as Python's feedparser 6.0:
/// RFC 822 and its corruptions, W3C-DTF and ISO 8601, asctime, Perforce, MSSQL, and the
/// Greek, Hungarian and Korean blog formats.
///
/// feedparser tries its handlers in a fixed order and takes the first answer; each
/// `FeedDateParser+Format.swift` file reproduces one handler, quirks included, because the
/// quirks decide which of two readings wins. Where we differ from feedparser, on purpose:
/// - feedparser's ISO 8601 handler runs before its Korean and Hungarian handlers and grabs
///   their leading year, so feedparser never reads those formats; we try them first.
/// - Text longer than `maximumLength` is rejected unread (feedparser reads any length).
/// - A Perforce date with month 13 or more makes feedparser raise; we return nil.
public enum FeedDateParser {
    /// Dates longer than this (after trimming whitespace) are rejected unread.
    public static let maximumLength = 200

    /// Any date string a feed may carry → the instant it names (UTC), or nil if it is not a date
    /// feedparser would accept.
    ///
    /// A few ISO 8601 forms leave out the year, month or day ("--12-25", "12:00"); like
    /// feedparser, they are completed from today's date (UTC).
    public static func parse(_ text: String) -> Date? {
        parse(text, today: nil)
    }

    /// `parse(_:)` with the date used to complete ISO 8601 forms that leave out the year,
    /// month or day (for tests and for reproducing an earlier reading).
    public static func parse(_ text: String, today: Date?) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0, today: today) }
    }

    /// `parse(_:)` over UTF-8 bytes, for the feed parser's hot path.
    public static func parse<Bytes: Collection>(utf8 bytes: Bytes) -> Date? where Bytes.Element == UInt8 {
        parse(utf8: bytes, today: nil)
    }

    /// `parse(utf8:)` with the date used to complete ISO 8601 forms that leave out the year,
    /// month or day.
    public static func parse<Bytes: Collection>(utf8 bytes: Bytes, today: Date?) -> Date?
    where Bytes.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable({ parse(bytes: $0, today: today) }) {
            return result
        }
        let head = Array(bytes.prefix(maximumWhitespaceRun * 2 + maximumLength + 1))
        guard head.count <= maximumWhitespaceRun * 2 + maximumLength else { return nil }
        return head.withUnsafeBufferPointer { parse(bytes: $0, today: today) }
    }

    /// Longest run of whitespace skipped at either end before giving up on the input.
    static let maximumWhitespaceRun = 1_024

    static func parse(bytes: UnsafeBufferPointer<UInt8>, today: Date?) -> Date? {
        // feedparser strips element text before parsing dates; strip ASCII whitespace here
        // without walking a huge input, and any other Unicode whitespace once decoded.
        var start = 0
        var end = bytes.count
        while start < end, start <= maximumWhitespaceRun, isASCIIWhitespace(bytes[start]) { start += 1 }
        while end > start, bytes.count - end <= maximumWhitespaceRun, isASCIIWhitespace(bytes[end - 1]) { end -= 1 }
        let length = end - start
        guard length > 0, length <= maximumLength else { return nil }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end])

        // Scalars never outnumber bytes; lowercasing can at most triple them. The tail of the
        // lowered buffer holds the defaults RFC 822 fills in for a missing time and zone.
        let defaultsText: StaticString = "00:00:000000"
        let loweredCapacity = length * lowercaseExpansionLimit + defaultsText.utf8CodeUnitCount
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: length + loweredCapacity) { storage in
            guard let base = storage.baseAddress else { return nil }
            let originalCount = decodeUTF8(trimmed, into: base)
            let original = Token(UnsafeBufferPointer(start: base, count: originalCount)).strippingWhitespace()
            guard !original.isEmpty else { return nil }

            let lowered = base + length
            var loweredCount = 0
            for scalar in original.scalars {
                loweredCount += writeLowercase(of: scalar, to: lowered + loweredCount)
            }
            let defaults = lowered + loweredCount
            for index in 0..<defaultsText.utf8CodeUnitCount {
                defaults[index] = UInt32(defaultsText.utf8Start[index])
            }
            let context = Context(
                original: original,
                lowered: Token(UnsafeBufferPointer(start: lowered, count: loweredCount)),
                defaultTime: Token(UnsafeBufferPointer(start: defaults, count: 8)),
                defaultZone: Token(UnsafeBufferPointer(start: defaults + 8, count: 4)),
                today: today
            )
            guard let seconds = context.firstReading() else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
    }

    /// Bytes above 0x7F are parts of multi-byte characters, never whitespace on their own.
    @inline(__always)
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte < 0x80 && isPythonWhitespace(UInt32(byte))
    }

    /// Decodes UTF-8 the way Swift's `String(decoding:as:)` does (ill-formed sequences become
    /// U+FFFD) and returns the number of scalars written.
    private static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt32>) -> Int {
        var written = 0
        if bytes.allSatisfy({ $0 < 0x80 }) {
            for byte in bytes {
                destination[written] = UInt32(byte)
                written += 1
            }
            return written
        }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                destination[written] = scalar.value
            case .error:
                destination[written] = 0xFFFD
            case .emptyInput:
                return written
            }
            written += 1
        }
    }

    /// One input, in the forms the handlers read: as written (for the case-sensitive patterns)
    /// and lowercased (for the handlers that lowercase first), plus the defaults RFC 822 fills in.
    struct Context {
        let original: Token
        let lowered: Token
        let defaultTime: Token
        let defaultZone: Token
        let today: Date?

        /// feedparser's handler order, first answer wins; seconds since 1970, UTC.
        func firstReading() -> Int? {
            if let seconds = FeedDateParser.parseW3DTF(lowered) { return seconds }
            if let seconds = FeedDateParser.parseRFC822(lowered, context: self) { return seconds }
            // feedparser would try these after ISO 8601, which never lets them be reached.
            if let seconds = FeedDateParser.parseHungarian(original) { return seconds }
            if let seconds = FeedDateParser.parseNate(original) { return seconds }
            if let seconds = FeedDateParser.parseOnBlog(original) { return seconds }
            if let seconds = FeedDateParser.parseISO8601(original, today: today) { return seconds }
            if let seconds = FeedDateParser.parseAsctime(lowered, context: self) { return seconds }
            if let seconds = FeedDateParser.parsePerforce(original) { return seconds }
            return FeedDateParser.parseGreek(original, context: self)
        }
    }
}
