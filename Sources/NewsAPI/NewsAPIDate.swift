import Foundation

/// Dates the way NewsAPI writes and reads them: `2024-01-15T18:00:00Z` on the wire,
/// and ISO 8601 dates or date-times (`2024-04-26`, `2024-04-26T04:14:38`, with an
/// optional fraction and zone) in the `from`/`to` parameters.
public enum NewsAPIDate {
    /// Formats a date as UTC with a `Z` and no fractional seconds.
    public static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        // 1970 to 9999 by arithmetic (every API answer writes one per article); anything
        // else through the calendar, which also knows the Julian dates before 1582.
        if interval >= 0, interval < 253_402_300_800 {
            return arithmeticString(secondsSince1970: Int64(interval))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func padded(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))T"
            + "\(padded(parts.hour, 2)):\(padded(parts.minute, 2)):\(padded(parts.second, 2))Z"
    }

    /// The proleptic Gregorian date and time of a non-negative number of seconds since
    /// 1970 (days to a civil date as in Howard Hinnant's `civil_from_days`).
    static func arithmeticString(secondsSince1970 seconds: Int64) -> String {
        let days = seconds / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        append(year, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3_600, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, digits: 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a parsed value named a whole day or an instant.
    public enum Precision: Sendable, Hashable {
        case day
        case instant
    }

    /// Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM|±HHMM]`. A value without a
    /// zone is read as UTC. Returns nil for anything else, including impossible dates.
    public static func parse(_ text: String) -> (date: Date, precision: Precision)? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, bytes.count <= 40 else { return nil }
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2) else { return nil }
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offsetSeconds = 0
        var precision = Precision.day
        if !reader.atEnd {
            guard reader.skip("T") || reader.skip(" ") || reader.skip("t"),
                  let parsedHour = reader.number(digits: 2), reader.skip(":"),
                  let parsedMinute = reader.number(digits: 2) else { return nil }
            hour = parsedHour
            minute = parsedMinute
            precision = .instant
            if reader.skip(":") {
                guard let parsedSecond = reader.number(digits: 2) else { return nil }
                second = parsedSecond
                if reader.skip(".") || reader.skip(",") {
                    var digits = 0
                    var divisor = 1.0
                    var digitCount = 0
                    while let digit = reader.digit() {
                        digitCount += 1
                        guard digitCount <= 9 else { return nil }
                        digits = digits * 10 + digit
                        divisor *= 10
                    }
                    guard digitCount > 0 else { return nil }
                    fraction = Double(digits) / divisor
                }
            }
            if reader.skip("Z") || reader.skip("z") {
                offsetSeconds = 0
            } else if let sign = reader.sign() {
                guard let offsetHours = reader.number(digits: 2) else { return nil }
                _ = reader.skip(":")
                let offsetMinutes = reader.number(digits: 2) ?? 0
                guard offsetHours <= 23, offsetMinutes <= 59 else { return nil }
                offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        guard reader.atEnd, (1...9999).contains(year), (1...12).contains(month),
              (1...31).contains(day), hour <= 23, minute <= 59, second <= 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return (date.addingTimeInterval(fraction - Double(offsetSeconds)), precision)
    }
}

/// Reads fixed-width digit groups and separators from ASCII bytes.
private struct DigitReader {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position == bytes.count }

    mutating func digit() -> Int? {
        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else { return nil }
        defer { position += 1 }
        return Int(bytes[position] - UInt8(ascii: "0"))
    }

    mutating func number(digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let next = digit() else { return nil }
            value = value * 10 + next
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
