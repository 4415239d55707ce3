// W3C-DTF ("2003-12-31T10:14:55Z", "2003-12", "2003") and MSSQL ("2004-07-08 23:56:58.7"),
// as feedparser's first handler reads them: it splits the lowercased text at every "t",
// so its quirks (a "z" that cancels a numeric offset, "-0530" read as "-05:00", fractional
// minutes) are reproduced here on purpose.

extension FeedDateParser {
    /// Zone names feedparser's W3C-DTF handler knows, as hours east of UTC; others count as UTC.
    private static let w3dtfZoneHours: [(name: UInt32, hours: Int)] = [
        (packed("ut"), 0), (packed("gmt"), 0), (packed("z"), 0),
        (packed("adt"), -3), (packed("ast"), -4), (packed("at"), -4),
        (packed("edt"), -4), (packed("est"), -5), (packed("et"), -5),
        (packed("cdt"), -5), (packed("cst"), -6), (packed("ct"), -6),
        (packed("mdt"), -6), (packed("mst"), -7), (packed("mt"), -7),
        (packed("pdt"), -7), (packed("pst"), -8), (packed("pt"), -8),
        (packed("a"), -1), (packed("n"), 1), (packed("m"), -12), (packed("y"), 12),
    ]

    /// Reads already-lowercased text; seconds since 1970 (UTC) or nil.
    static func parseW3DTF(_ text: Token) -> Int? {
        guard !text.strippingWhitespace().isEmpty else { return nil }
        var parts = text.split(separator: ScalarValue.letterT)
        var dateOnly = false
        if parts.count == 1 {
            // A date alone, or MSSQL style with spaces between date, time and zone.
            parts = text.splitOnWhitespace()
            if parts.count == 1 { dateOnly = true }
        } else if parts.count > 2 {
            return nil
        }

        let dateFields = parts[0].split(separator: ScalarValue.hyphen, maxSplits: 2)
        guard dateFields[0].count == 4 else { return nil }
        // Python's `int()` of each present field; a missing month or day is 1.
        guard let year = dateFields[0].pythonInteger(),
              let month = dateFields.count > 1 ? dateFields[1].pythonInteger() : 1,
              let day = dateFields.count > 2 ? dateFields[2].pythonInteger() : 1 else { return nil }

        var hour = 0, minute = 0, second = 0
        var zoneOffsetSeconds = 0
        if !dateOnly {
            var time = parts[1]
            var zone: Token
            var zoneIsZ = false
            if time.last == ScalarValue.letterZ {
                time = time.dropLast()
                zoneIsZ = true
            }
            // The first "-", else the first "+", starts a numeric offset.
            let offsetStart = time.firstIndex(of: ScalarValue.hyphen) ?? time.firstIndex(of: ScalarValue.plus)
                ?? time.count
            zone = time.dropFirst(offsetStart)
            time = time.prefix(offsetStart)
            // feedparser appends both the "z" and the offset to its list and reads the third
            // entry: a third MSSQL word wins, else the "z", else the offset.
            if parts.count >= 3 {
                zone = parts[2]
            } else if zoneIsZ {
                zone = Token.empty
            }
            guard let offset = w3dtfZoneOffset(zone) else { return nil }
            zoneOffsetSeconds = offset

            let timeFields = time.split(separator: ScalarValue.colon, maxSplits: 2)
            guard let parsedHour = timeFields[0].pythonFloatTruncated(),
                  let parsedMinute = timeFields.count > 1 ? timeFields[1].pythonFloatTruncated() : 0,
                  let parsedSecond = timeFields.count > 2 ? timeFields[2].pythonFloatTruncated() : 0
            else { return nil }
            hour = parsedHour
            minute = parsedMinute
            second = parsedSecond
        }
        guard let local = validatedSeconds(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second
        ) else { return nil }
        return shiftedWithinDateTimeRange(local, offsetSeconds: zoneOffsetSeconds)
    }

    /// The zone as seconds east of UTC, or nil if a numeric offset does not parse.
    /// feedparser reads "+hh:mm" by position: hours are characters 1-2, minutes from 4 on.
    private static func w3dtfZoneOffset(_ zone: Token) -> Int? {
        if let sign = zone.first, sign == ScalarValue.plus || sign == ScalarValue.hyphen {
            guard let hours = zone.slice(from: 1, to: 3).pythonInteger(),
                  let minutes = zone.slice(from: 4).pythonInteger() else { return nil }
            let seconds = hours * 3_600 + minutes * 60
            return sign == ScalarValue.hyphen ? -seconds : seconds
        }
        guard let key = zone.packedASCII else { return 0 }
        for entry in w3dtfZoneHours where entry.name == key {
            return entry.hours * 3_600
        }
        return 0
    }
}
