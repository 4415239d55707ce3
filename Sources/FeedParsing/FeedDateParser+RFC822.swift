// RFC 822 / RFC 2822 ("Thu, 01 Jan 2004 19:48:21 GMT") and the corruptions feeds put in
// it, read word by word as feedparser does: the weekday is dropped if present, day and
// month may swap, two-digit years below 90 are 20xx, a missing time is midnight, a missing
// or unknown zone is UTC. asctime ("Sun Jan  4 16:29:06 PST 2004") is reordered into it.

extension FeedDateParser {
    /// Zone names feedparser's RFC 822 handler knows, as hours east of UTC; others count as UTC.
    private static let rfc822ZoneHours: [(name: UInt32, hours: Int)] = [
        (packed("ut"), 0), (packed("gmt"), 0), (packed("z"), 0),
        (packed("adt"), -3), (packed("ast"), -4), (packed("at"), -4),
        (packed("edt"), -4), (packed("est"), -5), (packed("et"), -5),
        (packed("cdt"), -5), (packed("cst"), -6), (packed("ct"), -6),
        (packed("mdt"), -6), (packed("mst"), -7), (packed("mt"), -7),
        (packed("pdt"), -7), (packed("pst"), -8), (packed("pt"), -8),
        (packed("a"), -1), (packed("n"), 1), (packed("m"), -12), (packed("y"), 12),
        (packed("met"), 1), (packed("mest"), 2),
    ]

    private static let monthAbbreviations: [UInt32] = [
        packed("jan"), packed("feb"), packed("mar"), packed("apr"), packed("may"), packed("jun"),
        packed("jul"), packed("aug"), packed("sep"), packed("oct"), packed("nov"), packed("dec"),
    ]

    private static let weekdayAbbreviations: [UInt32] = [
        packed("mon"), packed("tue"), packed("wed"), packed("thu"), packed("fri"), packed("sat"), packed("sun"),
    ]

    /// The month (1...12) whose lowercase English abbreviation is exactly `word`, or nil.
    static func monthNumber(abbreviation word: Token) -> Int? {
        guard let key = word.packedASCII else { return nil }
        for (index, month) in monthAbbreviations.enumerated() where month == key {
            return index + 1
        }
        return nil
    }

    static func isWeekdayAbbreviation(_ word: Token) -> Bool {
        guard let key = word.packedASCII else { return false }
        return weekdayAbbreviations.contains(key)
    }

    /// Reads already-lowercased text; seconds since 1970 (UTC) or nil.
    static func parseRFC822(_ text: Token, context: Context) -> Int? {
        var words = text.splitOnWhitespace()
        if words.count < 5 {
            // A date with no time: feedparser assumes midnight, UTC.
            words.append(context.defaultTime)
            words.append(context.defaultZone)
        }
        return readRFC822Words(words)
    }

    /// asctime: "{weekday} {month} {day} {time} [{zone}] {year}", reordered into RFC 822.
    /// Reads already-lowercased text.
    static func parseAsctime(_ text: Token, context: Context) -> Int? {
        var words = text.splitOnWhitespace()
        if words.count == 5 {
            words.insert(context.defaultZone, at: 4)
        }
        guard words.count == 6 else { return nil }
        var reordered = TokenList()
        for index in [0, 2, 1, 5, 3, 4] {
            reordered.append(words[index])
        }
        return readRFC822Words(reordered)
    }

    /// feedparser's RFC 822 reading of words that already have the time and zone defaults.
    static func readRFC822Words(_ input: TokenList) -> Int? {
        var words = input
        if isWeekdayAbbreviation(words[0].prefix(3)) {
            words.removeFirst()
        }
        guard words.count >= 5 else { return nil }

        var month = monthNumber(abbreviation: words[1].prefix(3))
        let day: Int
        if let number = words[0].pythonInteger() {
            day = number
        } else if let swappedMonth = monthNumber(abbreviation: words[0].prefix(3)) {
            // "Jan 01 2004": the month came first.
            guard let number = words[1].pythonInteger() else { return nil }
            day = number
            month = swappedMonth
        } else {
            return nil
        }
        guard let month else { return nil }

        guard var year = words[2].pythonInteger() else { return nil }
        if words[2].count <= 2 {
            year += year < 90 ? 2000 : 1900
        }

        let timeFields = words[3].split(separator: ScalarValue.colon)
        guard timeFields.count <= 3,
              let hour = timeFields[0].pythonInteger(),
              let minute = timeFields.count > 1 ? timeFields[1].pythonInteger() : 0,
              let second = timeFields.count > 2 ? timeFields[2].pythonInteger() : 0 else { return nil }

        guard let offsetSeconds = rfc822ZoneOffset(words[4]) else { return nil }
        guard let local = validatedSeconds(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second
        ) else { return nil }
        return shiftedWithinDateTimeRange(local, offsetSeconds: offsetSeconds)
    }

    /// The zone as seconds east of UTC, or nil where feedparser gives up on the date.
    private static func rfc822ZoneOffset(_ word: Token) -> Int? {
        var zone = word
        if zone.hasPrefix("etc/") {
            zone = zone.dropFirst(4)
        }
        if zone.hasPrefix("gmt") {
            // "GMT+01:00" means "+0100"; bare "GMT" stays a name.
            let rest = zone.dropFirst(3)
            guard !rest.isEmpty else { return 0 }
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: rest.count) { buffer in
                var length = 0
                for scalar in rest.scalars where scalar != ScalarValue.colon {
                    buffer[length] = scalar
                    length += 1
                }
                let withoutColons = Token(UnsafeBufferPointer(rebasing: buffer[0..<length]))
                return withoutColons.isEmpty ? 0 : rfc822ZoneOffsetAfterPrefixes(withoutColons)
            }
        }
        return rfc822ZoneOffsetAfterPrefixes(zone)
    }

    private static func rfc822ZoneOffsetAfterPrefixes(_ zone: Token) -> Int? {
        if let sign = zone.first, sign == ScalarValue.plus || sign == ScalarValue.hyphen {
            // Positional, like feedparser: hours are characters 1-2, minutes follow the colon
            // (or start at character 3 when there is none).
            let minutesStart = zone.contains(ScalarValue.colon) ? 4 : 3
            guard let hours = zone.slice(from: 1, to: 3).pythonInteger(),
                  let minutes = zone.slice(from: minutesStart).pythonInteger() else { return nil }
            let seconds = hours * 3_600 + minutes * 60
            return sign == ScalarValue.hyphen ? -seconds : seconds
        }
        guard let key = zone.packedASCII else { return 0 }
        for entry in rfc822ZoneHours where entry.name == key {
            return entry.hours * 3_600
        }
        return 0
    }
}
