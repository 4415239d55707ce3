import Foundation

/// Reads the publication dates pages write in their metadata: ISO 8601 and its common
/// relaxations (`2024-03-05`, `2024-03-05 14:30`, `2024-03-05T14:30:00.000+0100`) and
/// RFC 822 (`Tue, 05 Mar 2024 14:30:00 GMT`). Times without a zone are read as UTC.
enum PublishedDateParser {
    static func date(from text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count < 100 else { return nil }
        return iso8601(trimmed) ?? rfc822(trimmed)
    }

    /// The `YYYY-MM-DD` day the page wrote, before any time-zone conversion.
    static func writtenDay(of text: String) -> String? {
        let scalars = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard scalars.count >= 10, let year = number(scalars, 0, 4), scalars[4] == UInt8(ascii: "-"),
              let month = number(scalars, 5, 2), scalars[7] == UInt8(ascii: "-"), let day = number(scalars, 8, 2),
              (1...12).contains(month), (1...31).contains(day), year > 1900 else { return nil }
        return String(decoding: scalars[0..<10], as: UTF8.self)
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + length)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func iso8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, let year = number(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
              let month = number(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"), let day = number(bytes, 8, 2) else { return nil }
        var components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                        year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var index = 10
        if index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: " "),
           let hour = number(bytes, index + 1, 2), index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
           let minute = number(bytes, index + 4, 2) {
            components.hour = hour
            components.minute = minute
            index += 6
            if index < bytes.count, bytes[index] == UInt8(ascii: ":"), let second = number(bytes, index + 1, 2) {
                components.second = second
                index += 3
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            }
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            if index < bytes.count {
                let sign = bytes[index]
                if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let offsetHours = number(bytes, index + 1, 2) {
                    var offsetMinutes = 0
                    if let minutes = number(bytes, index + 3, 2) {
                        offsetMinutes = minutes
                    } else if index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: ":"), let minutes = number(bytes, index + 4, 2) {
                        offsetMinutes = minutes
                    }
                    let offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
                    components.timeZone = TimeZone(secondsFromGMT: offset)
                }
            }
        }
        return components.date
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func rfc822(_ text: String) -> Date? {
        var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if let first = words.first, first.count >= 3, first.allSatisfy(\.isLetter) { words.removeFirst() }
        guard words.count >= 3, let day = Int(words[0]),
              let month = months.firstIndex(where: { words[1].hasPrefix($0) }), let year = Int(words[2]) else { return nil }
        var components = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                        year: year < 100 ? 2000 + year : year, month: month + 1, day: day)
        if words.count >= 4 {
            let time = words[3].split(separator: ":").compactMap { Int($0) }
            if time.count >= 2 {
                components.hour = time[0]
                components.minute = time[1]
                components.second = time.count > 2 ? time[2] : 0
            }
        }
        return components.date
    }
}
