import Foundation

/// Dates the way NewsAPI writes and reads them: `2024-01-15T18:00:00Z` on the wire,
/// and ISO 8601 dates or date-times (`2024-04-26`, `2024-04-26T04:14:38`, with an
/// optional fraction and zone) in the `from`/`to` parameters.
public enum NewsAPIDate {
    /// Formats a date as UTC with a `Z` and no fractional seconds.
    public static func string(from date: Date) -> String {
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
