import Foundation

// ISO 8601 as feedparser's third handler reads it: a list of date templates tried in order
// against the start of the text (case-sensitive "T" and "Z"), the first that fits wins,
// anything after the match is ignored, and the fields go through C's `mktime`, which rolls
// overflowing values forward ("2003-02-29" is March 1st, "T24:00" midnight of the next day).
// Fields a template leaves out are taken from today's date, as feedparser does.

extension FeedDateParser {
    /// One element of a date template.
    private enum DatePiece {
        case fourDigitYear, twoDigitYear
        case hyphen, optionalHyphen
        /// The literal "0" of feedparser's `YYYY-0MM?-?DD` template.
        case zero
        case month, optionalMonth, day, ordinalDay
        /// Two digits that end the text, read as a century.
        case century
    }

    /// feedparser's templates, in its order (which matters: the first match wins).
    private static let dateTemplates: [[DatePiece]] = [
        [.fourDigitYear, .optionalHyphen, .month, .optionalHyphen, .day],
        [.fourDigitYear, .hyphen, .zero, .optionalMonth, .optionalHyphen, .day],
        [.fourDigitYear, .hyphen, .month],
        [.fourDigitYear, .optionalHyphen, .ordinalDay],
        [.twoDigitYear, .optionalHyphen, .month, .optionalHyphen, .day],
        [.twoDigitYear, .optionalHyphen, .ordinalDay],
        [.fourDigitYear],
        [.hyphen, .twoDigitYear, .optionalHyphen, .month],
        [.hyphen, .ordinalDay],
        [.hyphen, .twoDigitYear],
        [.hyphen, .hyphen, .month, .optionalHyphen, .day],
        [.hyphen, .hyphen, .month],
        [.hyphen, .hyphen, .hyphen, .day],
        [.century],
        [],
    ]

    /// What a template captured. A field is nil when its group did not take part in the match.
    private struct DateCapture {
        var year: Token?
        var month: Token?
        var day: Token?
        var ordinal: Token?
        var century: Token?
        var end = 0
    }

    /// Reads text as written (not lowercased); seconds since 1970 (UTC) or nil.
    static func parseISO8601(_ text: Token, today: Date?) -> Int? {
        // Every template, and the time alone, starts with a digit, a hyphen or "T".
        guard let first = text.first,
              first == ScalarValue.hyphen || first == ScalarValue.upperT || decimalDigitValue(first) != nil
        else { return nil }
        var capture: DateCapture?
        var templateIndex = 0
        while capture == nil, templateIndex < dateTemplates.count {
            capture = matchDate(dateTemplates[templateIndex], pieceIndex: 0, position: 0, in: text, captured: DateCapture())
            templateIndex += 1
        }
        // The empty template always matches, so `capture` is set here.
        guard let date = capture else { return nil }
        let time = matchTime(in: text, from: date.end)
        guard time.end > 0 else { return nil }

        var reference: (year: Int, month: Int, day: Int) { civilDate(of: today ?? Date()) }

        // The text of a field that took part counts as given even when it is "00".
        var ordinal = 0
        if let ordinalText = date.ordinal {
            guard let value = ordinalText.pythonInteger() else { return nil }
            ordinal = value
        }
        var year: Int
        if let yearText = date.year {
            guard let value = yearText.pythonInteger() else { return nil }
            // Two-digit years are in the current century.
            year = yearText.count == 2 ? reference.year / 100 * 100 + value : value
        } else {
            year = reference.year
        }
        var month: Int
        if let monthText = date.month {
            guard let value = monthText.pythonInteger() else { return nil }
            month = value
        } else {
            month = ordinal != 0 ? 1 : reference.month
        }
        var day: Int
        if let dayText = date.day {
            guard let value = dayText.pythonInteger() else { return nil }
            day = value
        } else if ordinal != 0 {
            day = ordinal
        } else if date.century != nil || date.year != nil || date.month != nil {
            day = 1
        } else {
            day = reference.day
        }
        if let centuryText = date.century {
            guard let value = centuryText.pythonInteger() else { return nil }
            year = (value - 1) * 100 + 1
        }

        var hour = 0, minute = 0, second = 0
        if let hourText = time.hour, let minuteText = time.minute {
            guard let parsedHour = hourText.pythonInteger(), let parsedMinute = minuteText.pythonInteger() else {
                return nil
            }
            hour = parsedHour
            minute = parsedMinute
        }
        if let secondText = time.second {
            guard let parsedSecond = secondText.pythonInteger() else { return nil }
            second = parsedSecond
        }
        if let sign = time.zoneSign {
            let zoneHours = time.zoneHour?.pythonInteger() ?? 0
            let zoneMinutes = time.zoneMinute?.pythonInteger() ?? 0
            // Local time minus the offset: "+05:30" subtracts, "-05:30" adds.
            let direction = sign == ScalarValue.hyphen ? 1 : -1
            hour += direction * zoneHours
            minute += direction * zoneMinutes
        }
        return normalizedSeconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The UTC calendar day of a moment (days before 1970 round down, as Python's do).
    static func civilDate(of date: Date) -> (year: Int, month: Int, day: Int) {
        civilDate(daysSinceEpoch: Int((clampedInterval(date) / Double(secondsPerDay)).rounded(.down)))
    }

    /// Matches `pieces[pieceIndex...]` at `position`, backtracking only where a template has an
    /// optional group that can be skipped (`optionalMonth`); hyphens never need it.
    private static func matchDate(
        _ pieces: [DatePiece], pieceIndex: Int, position: Int, in text: Token, captured: DateCapture
    ) -> DateCapture? {
        var capture = captured
        var position = position
        var index = pieceIndex
        // Whether the `count` scalars at `position` are decimal digits, the first from `firstDigits`.
        func digits(_ count: Int, firstAmong firstDigits: ClosedRange<UInt32>? = nil) -> Token? {
            guard position + count <= text.count else { return nil }
            for offset in 0..<count {
                let scalar = text[position + offset]
                if offset == 0, let firstDigits {
                    guard firstDigits.contains(scalar) else { return nil }
                } else {
                    guard decimalDigitValue(scalar) != nil else { return nil }
                }
            }
            let token = text.slice(from: position, to: position + count)
            position += count
            return token
        }
        let zeroOrOne: ClosedRange<UInt32> = 0x30...0x31
        let zeroToThree: ClosedRange<UInt32> = 0x30...0x33
        while index < pieces.count {
            switch pieces[index] {
            case .fourDigitYear:
                guard let token = digits(4) else { return nil }
                capture.year = token
            case .twoDigitYear:
                guard let token = digits(2) else { return nil }
                capture.year = token
            case .hyphen:
                guard position < text.count, text[position] == ScalarValue.hyphen else { return nil }
                position += 1
            case .optionalHyphen:
                if position < text.count, text[position] == ScalarValue.hyphen { position += 1 }
            case .zero:
                guard position < text.count, text[position] == ScalarValue.digitZero else { return nil }
                position += 1
            case .month:
                guard let token = digits(2, firstAmong: zeroOrOne) else { return nil }
                capture.month = token
            case .optionalMonth:
                let before = position
                if let token = digits(2, firstAmong: zeroOrOne) {
                    var withMonth = capture
                    withMonth.month = token
                    if let result = matchDate(pieces, pieceIndex: index + 1, position: position, in: text, captured: withMonth) {
                        return result
                    }
                }
                position = before
            case .day:
                guard let token = digits(2, firstAmong: zeroToThree) else { return nil }
                capture.day = token
            case .ordinalDay:
                guard let token = digits(3, firstAmong: zeroToThree) else { return nil }
                capture.ordinal = token
            case .century:
                // Python's `$` also matches before a final newline; stripped text has none.
                guard let token = digits(2), position == text.count else { return nil }
                capture.century = token
            }
            index += 1
        }
        capture.end = position
        return capture
    }

    private struct TimeCapture {
        var hour: Token?
        var minute: Token?
        var second: Token?
        var zoneSign: UInt32?
        var zoneHour: Token?
        var zoneMinute: Token?
        var end: Int
    }

    /// `(T?hh:mm(:ss)?(\.f+)?([+-]hh(:mm)?|Z)?)?` at `start`: all or nothing.
    private static func matchTime(in text: Token, from start: Int) -> TimeCapture {
        let nothing = TimeCapture(end: start)
        var position = start
        func twoDigits(at index: Int) -> Token? {
            guard index + 2 <= text.count, decimalDigitValue(text[index]) != nil,
                  decimalDigitValue(text[index + 1]) != nil else { return nil }
            return text.slice(from: index, to: index + 2)
        }
        func scalar(at index: Int) -> UInt32? { index < text.count ? text[index] : nil }

        if scalar(at: position) == ScalarValue.upperT { position += 1 }
        guard let hour = twoDigits(at: position), scalar(at: position + 2) == ScalarValue.colon,
              let minute = twoDigits(at: position + 3) else { return nothing }
        var capture = TimeCapture(hour: hour, minute: minute, end: 0)
        position += 5
        if scalar(at: position) == ScalarValue.colon, let second = twoDigits(at: position + 1) {
            capture.second = second
            position += 3
        }
        if scalar(at: position) == ScalarValue.period, let first = scalar(at: position + 1),
           decimalDigitValue(first) != nil {
            position += 2
            while let next = scalar(at: position), decimalDigitValue(next) != nil { position += 1 }
        }
        if let sign = scalar(at: position), sign == ScalarValue.plus || sign == ScalarValue.hyphen,
           let zoneHour = twoDigits(at: position + 1) {
            capture.zoneSign = sign
            capture.zoneHour = zoneHour
            position += 3
            if scalar(at: position) == ScalarValue.colon, let zoneMinute = twoDigits(at: position + 1) {
                capture.zoneMinute = zoneMinute
                position += 3
            }
        } else if scalar(at: position) == ScalarValue.upperZ {
            position += 1
        }
        capture.end = position
        return capture
    }
}
