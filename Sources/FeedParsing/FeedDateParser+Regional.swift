// Dates some Greek, Hungarian and Korean blog engines wrote, matched like feedparser's
// patterns and then read by the RFC 822 or W3C-DTF handler:
//   Greek     "Κυρ, 11 Ιούλ 2004 12:00:00 EST"
//   Hungarian "2004-július-13T9:15+02:00"
//   OnBlog    "2004년 05월 28일  01:31:15" (Korea, +09:00)
//   Nate      "2004-05-25 오후 11:23:17" (Korea, +09:00; 오전 is a.m., 오후 p.m.)

extension FeedDateParser {
    /// Greek weekday abbreviations (as text) and their English RFC 822 names.
    private static let greekWeekdays: [(greek: [UInt32], english: StaticString)] = [
        (scalars("Κυρ"), "sun"), (scalars("Δευ"), "mon"), (scalars("Τρι"), "tue"), (scalars("Τετ"), "wed"),
        (scalars("Πεμ"), "thu"), (scalars("Παρ"), "fri"), (scalars("Σαβ"), "sat"),
    ]

    /// Greek month abbreviations, including the spellings with and without accents feeds used.
    private static let greekMonths: [(greek: [UInt32], english: StaticString)] = [
        (scalars("Ιαν"), "jan"), (scalars("Φεβ"), "feb"), (scalars("Μάώ"), "mar"), (scalars("Μαώ"), "mar"),
        (scalars("Απρ"), "apr"), (scalars("Μάι"), "may"), (scalars("Μαϊ"), "may"), (scalars("Μαι"), "may"),
        (scalars("Ιούν"), "jun"), (scalars("Ιον"), "jun"), (scalars("Ιούλ"), "jul"), (scalars("Ιολ"), "jul"),
        (scalars("Αύγ"), "aug"), (scalars("Αυγ"), "aug"), (scalars("Σεπ"), "sep"), (scalars("Οκτ"), "oct"),
        (scalars("Νοέ"), "nov"), (scalars("Νοε"), "nov"), (scalars("Δεκ"), "dec"),
    ]

    /// Hungarian month names (lowercase, as the feeds wrote them) and their numbers.
    private static let hungarianMonths: [(name: [UInt32], month: StaticString)] = [
        (scalars("január"), "01"), (scalars("februári"), "02"), (scalars("március"), "03"),
        (scalars("április"), "04"), (scalars("máujus"), "05"), (scalars("június"), "06"),
        (scalars("július"), "07"), (scalars("augusztus"), "08"), (scalars("szeptember"), "09"),
        (scalars("október"), "10"), (scalars("november"), "11"), (scalars("december"), "12"),
    ]

    private static let koreanYear: UInt32 = 0xB144  // 년
    private static let koreanMonth: UInt32 = 0xC6D4  // 월
    private static let koreanDay: UInt32 = 0xC77C  // 일
    private static let koreanMorning: [UInt32] = scalars("오전")
    private static let koreanAfternoon: [UInt32] = scalars("오후")

    private static func scalars(_ text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value)
    }

    private static func matches(_ token: Token, _ expected: [UInt32]) -> Bool {
        token.count == expected.count && zip(token.scalars, expected).allSatisfy { $0 == $1 }
    }

    /// Reads text as written; seconds since 1970 (UTC) or nil.
    static func parseGreek(_ text: Token, context: Context) -> Int? {
        // `([^,]+),\s+(\d{2})\s+([^\s]+)\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+([^\s]+)`
        var cursor = PatternCursor(text: text)
        guard let weekday = cursor.run(while: { $0 != ScalarValue.comma }), !weekday.isEmpty,
              cursor.skip(ScalarValue.comma), cursor.skipWhitespace(),
              let day = cursor.digits(exactly: 2), cursor.skipWhitespace(),
              let monthName = cursor.run(while: { !isPythonWhitespace($0) }), !monthName.isEmpty,
              cursor.skipWhitespace(),
              let year = cursor.digits(exactly: 4), cursor.skipWhitespace(),
              let time = cursor.run(while: { $0 == ScalarValue.colon || decimalDigitValue($0) != nil }),
              cursor.skipWhitespace(),
              let zone = cursor.run(while: { !isPythonWhitespace($0) }), !zone.isEmpty
        else { return nil }
        // The time must be exactly `\d{2}:\d{2}:\d{2}`.
        let timeParts = time.split(separator: ScalarValue.colon)
        guard time.count == 8, timeParts.count == 3,
              (0..<3).allSatisfy({ timeParts[$0].count == 2 }) else { return nil }
        guard greekWeekdays.contains(where: { matches(weekday, $0.greek) }),
              let english = greekMonths.first(where: { matches(monthName, $0.greek) })?.english
        else { return nil }

        // "dd mon yyyy hh:mm:ss zone", lowercased, as feedparser's RFC 822 handler sees it
        // (the weekday it would drop is left out).
        var rewritten: [UInt32] = []
        rewritten.reserveCapacity(32 + zone.count * lowercaseExpansionLimit)
        rewritten.append(contentsOf: day.scalars)
        rewritten.append(ScalarValue.space)
        rewritten.append(contentsOf: UnsafeBufferPointer(start: english.utf8Start, count: english.utf8CodeUnitCount)
            .map(UInt32.init))
        rewritten.append(ScalarValue.space)
        rewritten.append(contentsOf: year.scalars)
        rewritten.append(ScalarValue.space)
        rewritten.append(contentsOf: time.scalars)
        rewritten.append(ScalarValue.space)
        var loweredZone = [UInt32](repeating: 0, count: zone.count * lowercaseExpansionLimit)
        let loweredCount = loweredZone.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var written = 0
            for scalar in zone.scalars { written += writeLowercase(of: scalar, to: base + written) }
            return written
        }
        rewritten.append(contentsOf: loweredZone.prefix(loweredCount))
        return rewritten.withUnsafeBufferPointer { buffer in
            readRFC822Words(Token(buffer).splitOnWhitespace())
        }
    }

    /// Reads text as written; seconds since 1970 (UTC) or nil.
    static func parseHungarian(_ text: Token) -> Int? {
        // `(\d{4})-([^-]+)-(\d{,2})T(\d{,2}):(\d{2})([+-](\d{,2}:\d{2}))`
        var cursor = PatternCursor(text: text)
        guard let year = cursor.digits(exactly: 4), cursor.skip(ScalarValue.hyphen),
              let monthName = cursor.run(while: { $0 != ScalarValue.hyphen }), !monthName.isEmpty,
              cursor.skip(ScalarValue.hyphen),
              let day = cursor.digits(upTo: 2), cursor.skip(ScalarValue.upperT),
              let hour = cursor.digits(upTo: 2), cursor.skip(ScalarValue.colon),
              let minute = cursor.digits(exactly: 2)
        else { return nil }
        let zoneStart = cursor.position
        guard let sign = cursor.next(), sign == ScalarValue.plus || sign == ScalarValue.hyphen,
              cursor.digits(upTo: 2) != nil, cursor.skip(ScalarValue.colon), cursor.digits(exactly: 2) != nil,
              let month = hungarianMonths.first(where: { matches(monthName, $0.name) })?.month
        else { return nil }
        let zone = text.slice(from: zoneStart, to: cursor.position)

        // "yyyy-mm-ddThh:mm±zz:zz" with one-digit day and hour padded, for the W3C-DTF handler.
        var rewritten: [UInt32] = Array(year.scalars)
        rewritten.append(ScalarValue.hyphen)
        rewritten.append(contentsOf: UnsafeBufferPointer(start: month.utf8Start, count: 2).map(UInt32.init))
        rewritten.append(ScalarValue.hyphen)
        if day.count == 1 { rewritten.append(ScalarValue.digitZero) }
        rewritten.append(contentsOf: day.scalars)
        rewritten.append(ScalarValue.letterT)
        if hour.count == 1 { rewritten.append(ScalarValue.digitZero) }
        rewritten.append(contentsOf: hour.scalars)
        rewritten.append(ScalarValue.colon)
        rewritten.append(contentsOf: minute.scalars)
        rewritten.append(contentsOf: zone.scalars)
        return rewritten.withUnsafeBufferPointer { parseW3DTF(Token($0)) }
    }

    /// Reads text as written; seconds since 1970 (UTC) or nil.
    static func parseOnBlog(_ text: Token) -> Int? {
        // `(\d{4})년\s+(\d{2})월\s+(\d{2})일\s+(\d{2}):(\d{2}):(\d{2})`
        var cursor = PatternCursor(text: text)
        guard let year = cursor.digits(exactly: 4), cursor.skip(koreanYear), cursor.skipWhitespace(),
              let month = cursor.digits(exactly: 2), cursor.skip(koreanMonth), cursor.skipWhitespace(),
              let day = cursor.digits(exactly: 2), cursor.skip(koreanDay), cursor.skipWhitespace(),
              let hour = cursor.digits(exactly: 2), cursor.skip(ScalarValue.colon),
              let minute = cursor.digits(exactly: 2), cursor.skip(ScalarValue.colon),
              let second = cursor.digits(exactly: 2)
        else { return nil }
        return parseKoreanTime(year: year, month: month, day: day, hour: Array(hour.scalars), minute: minute, second: second)
    }

    /// Reads text as written; seconds since 1970 (UTC) or nil.
    static func parseNate(_ text: Token) -> Int? {
        // `(\d{4})-(\d{2})-(\d{2})\s+(오전|오후)\s+(\d{,2}):(\d{,2}):(\d{,2})`
        var cursor = PatternCursor(text: text)
        guard let year = cursor.digits(exactly: 4), cursor.skip(ScalarValue.hyphen),
              let month = cursor.digits(exactly: 2), cursor.skip(ScalarValue.hyphen),
              let day = cursor.digits(exactly: 2), cursor.skipWhitespace()
        else { return nil }
        let isAfternoon: Bool
        if cursor.skip(koreanMorning) {
            isAfternoon = false
        } else if cursor.skip(koreanAfternoon) {
            isAfternoon = true
        } else {
            return nil
        }
        guard cursor.skipWhitespace(),
              let hourText = cursor.digits(upTo: 2), cursor.skip(ScalarValue.colon),
              let minute = cursor.digits(upTo: 2), cursor.skip(ScalarValue.colon),
              let second = cursor.digits(upTo: 2),
              var hour = hourText.pythonInteger()
        else { return nil }
        if isAfternoon { hour += 12 }
        // feedparser writes the hour back as ASCII digits, padded to two.
        let hourDigits = (hour < 10 ? "0" : "") + String(hour)
        return parseKoreanTime(
            year: year, month: month, day: day, hour: hourDigits.unicodeScalars.map(\.value), minute: minute, second: second
        )
    }

    /// "yyyy-mm-ddThh:mm:ss+09:00" through the W3C-DTF handler, as feedparser does.
    private static func parseKoreanTime(year: Token, month: Token, day: Token, hour: [UInt32], minute: Token, second: Token) -> Int? {
        var rewritten: [UInt32] = Array(year.scalars)
        rewritten.append(ScalarValue.hyphen)
        rewritten.append(contentsOf: month.scalars)
        rewritten.append(ScalarValue.hyphen)
        rewritten.append(contentsOf: day.scalars)
        rewritten.append(ScalarValue.letterT)
        rewritten.append(contentsOf: hour)
        rewritten.append(ScalarValue.colon)
        rewritten.append(contentsOf: minute.scalars)
        rewritten.append(ScalarValue.colon)
        rewritten.append(contentsOf: second.scalars)
        rewritten.append(contentsOf: "+09:00".unicodeScalars.map(\.value))
        return rewritten.withUnsafeBufferPointer { parseW3DTF(Token($0)) }
    }

    /// A position in a token and the regex steps the regional patterns need. Every step is
    /// deterministic (each run is followed by something it cannot contain), so no backtracking.
    private struct PatternCursor {
        let text: Token
        var position = 0

        mutating func next() -> UInt32? {
            guard position < text.count else { return nil }
            position += 1
            return text[position - 1]
        }

        mutating func skip(_ scalar: UInt32) -> Bool {
            guard position < text.count, text[position] == scalar else { return false }
            position += 1
            return true
        }

        mutating func skip(_ sequence: [UInt32]) -> Bool {
            guard position + sequence.count <= text.count,
                  zip(text.slice(from: position, to: position + sequence.count).scalars, sequence).allSatisfy({ $0 == $1 })
            else { return false }
            position += sequence.count
            return true
        }

        /// `\s+`
        mutating func skipWhitespace() -> Bool {
            let start = position
            while position < text.count, isPythonWhitespace(text[position]) { position += 1 }
            return position > start
        }

        /// The longest run (possibly empty) of scalars that pass `test`.
        mutating func run(while test: (UInt32) -> Bool) -> Token? {
            let start = position
            while position < text.count, test(text[position]) { position += 1 }
            return text.slice(from: start, to: position)
        }

        /// `\d{n}`. What must follow it is the caller's next step.
        mutating func digits(exactly count: Int) -> Token? {
            let start = position
            while position < text.count, position - start < count, decimalDigitValue(text[position]) != nil {
                position += 1
            }
            return position - start == count ? text.slice(from: start, to: position) : nil
        }

        /// `\d{,n}`, greedy. Unless it ends the pattern, a longer run leaves a digit where the
        /// caller's delimiter should be, so the match fails as the regex's would.
        mutating func digits(upTo count: Int) -> Token? {
            let start = position
            while position < text.count, position - start < count, decimalDigitValue(text[position]) != nil {
                position += 1
            }
            return text.slice(from: start, to: position)
        }
    }
}
