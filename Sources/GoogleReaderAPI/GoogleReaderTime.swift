import Foundation

/// Times as the Google Reader API writes them: whole seconds, milliseconds or microseconds
/// since 1970, the finer ones as decimal strings.
enum GoogleReaderTime {
    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }

    static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
    }

    /// Microseconds as text; "0" when there is no date.
    static func microsecondsText(_ date: Date?) -> String {
        date.map { String(microseconds($0)) } ?? "0"
    }

    /// A time a client sent (`ot`, `nt`, `ts`): seconds, milliseconds or microseconds, told
    /// apart by size (clients differ, and no date of this century is ambiguous). Nil for
    /// anything that is not a whole number.
    static func date(fromClientValue text: String) -> Date? {
        guard text.utf8.count <= 20, let value = Int64(text.trimmingCharacters(in: .whitespaces)), value >= 0 else { return nil }
        let seconds: Double = switch value {
        case 100_000_000_000_000...: Double(value) / 1_000_000
        case 100_000_000_000...: Double(value) / 1_000
        default: Double(value)
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
