// Perforce ("Fri, 2006/09/15 08:19:53 EDT"), as feedparser reads it: the pattern
// `\w{,3}, \d{,4}/\d{,2}/\d{2} \d{,2}:\d{2}:\d{2} \w{,3}` anywhere in the text, rewritten
// as "Fri, 15 Sep 2006 08:19:53 EDT" and handed to Python's `email` date parser. The
// outcomes of that rewrite (a missing zone is UTC, month 0 is December, a two-digit year
// below 69 is 20xx, day 31 of a 30-day month rolls over) are worked out here directly.

extension FeedDateParser {
    /// Zone names of Python's `email` date parser, as `hhmm` offsets east of UTC.
    private static let emailZoneOffsets: [(name: UInt32, hoursMinutes: Int)] = [
        (packed("ut"), 0), (packed("utc"), 0), (packed("gmt"), 0), (packed("z"), 0),
        (packed("ast"), -400), (packed("adt"), -300),
        (packed("est"), -500), (packed("edt"), -400),
        (packed("cst"), -600), (packed("cdt"), -500),
        (packed("mst"), -700), (packed("mdt"), -600),
        (packed("pst"), -800), (packed("pdt"), -700),
    ]

    private struct PerforceFields {
        var year: Token
        var month: Token
        var day: Token
        var hour: Token
        var minute: Token
        var second: Token
        var zone: Token
    }

    /// Reads text as written (not lowercased); seconds since 1970 (UTC) or nil.
    static func parsePerforce(_ text: Token) -> Int? {
        // The leftmost ", " whose tail fits is the match; the weekday before it is never read.
        var commaIndex = 0
        var found: PerforceFields?
        while found == nil, commaIndex + 1 < text.count {
            if text[commaIndex] == ScalarValue.comma, text[commaIndex + 1] == ScalarValue.space {
                found = matchPerforceTail(text, from: commaIndex + 2)
            }
            commaIndex += 1
        }
        guard let fields = found else { return nil }

        // feedparser names the month by list index: 0 wraps to December, 13 and above
        // raise an error feedparser does not catch; we reject them.
        guard let monthIndex = fields.month.pythonInteger(), monthIndex <= 12 else { return nil }
        let month = monthIndex == 0 ? 12 : monthIndex

        // The rewritten words are "day Mon [year] h:m:s [zone]". With the year missing,
        // `email` takes a zone that starts with a digit as the year and the zone as UTC.
        var yearText = fields.year
        var zoneText = fields.zone
        if yearText.isEmpty {
            guard fields.hour.count > 0, let first = zoneText.first, decimalDigitValue(first) != nil else {
                return nil
            }
            yearText = zoneText
            zoneText = Token.empty
        }
        guard var year = yearText.pythonInteger(), let day = fields.day.pythonInteger(),
              let hour = fields.hour.pythonInteger(), let minute = fields.minute.pythonInteger(),
              let second = fields.second.pythonInteger() else { return nil }
        if year < 100 {
            year += year > 68 ? 1900 : 2000
        }
        // `calendar.timegm` builds `date(year, month, 1)` and adds the rest as plain numbers.
        guard (1...9999).contains(year) else { return nil }
        let local = normalizedSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return local - emailZoneOffsetSeconds(zoneText)
    }

    /// `\d{,4}/\d{,2}/\d{2} \d{,2}:\d{2}:\d{2} \w{,3}` at `start`. Each digit run must end where
    /// its delimiter is, so there is nothing to backtrack over.
    private static func matchPerforceTail(_ text: Token, from start: Int) -> PerforceFields? {
        var position = start
        func digitRun(maximum: Int, exactly: Bool = false, then delimiter: UInt32) -> Token? {
            let runStart = position
            while position < text.count, position - runStart < maximum, decimalDigitValue(text[position]) != nil {
                position += 1
            }
            if exactly, position - runStart != maximum { return nil }
            guard position < text.count, text[position] == delimiter else { return nil }
            let run = text.slice(from: runStart, to: position)
            position += 1
            return run
        }
        guard let year = digitRun(maximum: 4, then: ScalarValue.slash),
              let month = digitRun(maximum: 2, then: ScalarValue.slash),
              let day = digitRun(maximum: 2, exactly: true, then: ScalarValue.space),
              let hour = digitRun(maximum: 2, then: ScalarValue.colon),
              let minute = digitRun(maximum: 2, exactly: true, then: ScalarValue.colon),
              let second = digitRun(maximum: 2, exactly: true, then: ScalarValue.space) else { return nil }
        let zoneStart = position
        while position < text.count, position - zoneStart < 3, isPythonWordScalar(text[position]) {
            position += 1
        }
        return PerforceFields(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            zone: text.slice(from: zoneStart, to: position)
        )
    }

    /// `email.utils.parsedate_tz`'s zone: a known name, else an integer read as `hhmm`, else UTC.
    private static func emailZoneOffsetSeconds(_ zone: Token) -> Int {
        var hoursMinutes: Int?
        if let key = uppercasedZoneKey(zone) {
            for entry in emailZoneOffsets where entry.name == key {
                hoursMinutes = entry.hoursMinutes
            }
        }
        if hoursMinutes == nil {
            hoursMinutes = zone.pythonInteger()
        }
        guard let value = hoursMinutes, value != 0 else { return 0 }
        let magnitude = abs(value)
        let seconds = (magnitude / 100) * 3_600 + (magnitude % 100) * 60
        return value < 0 ? -seconds : seconds
    }

    /// The zone as Python's `str.upper()` leaves it, packed in lowercase for the table; nil
    /// when that is not short ASCII. (Non-ASCII letters can uppercase to ASCII: "ſ" is "S".)
    private static func uppercasedZoneKey(_ zone: Token) -> UInt32? {
        guard zone.count <= 4 else { return nil }
        var key: UInt32 = 0
        var length: UInt32 = 0
        for scalar in zone.scalars {
            var mapped: [UInt32] = [scalar]
            if scalar >= 0x80 {
                guard let unicodeScalar = Unicode.Scalar(scalar) else { return nil }
                mapped = unicodeScalar.properties.uppercaseMapping.unicodeScalars.map(\.value)
            }
            for value in mapped {
                guard value < 0x80, length < 4 else { return nil }
                let lowered = (value >= 0x41 && value <= 0x5A) ? value | 0x20 : value
                key |= lowered << (7 * length)
                length += 1
            }
        }
        return key | length << 28
    }
}
