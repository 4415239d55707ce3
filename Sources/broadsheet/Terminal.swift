import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the command's output is going to: a person at a terminal or another program.
enum Terminal {
    /// True when stdout is a terminal: tables are aligned and dates relative.
    static let isInteractive = isatty(STDOUT_FILENO) == 1
    /// True when stderr is a terminal: progress can redraw one line.
    static let stderrIsInteractive = isatty(STDERR_FILENO) == 1

    /// The terminal's width in columns, 100 when unknown.
    static var width: Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return 100
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// Dates for people ("3 hours ago") on a terminal, ISO 8601 for programs.
enum RelativeTime {
    static func describe(_ date: Date, now: Date = Date()) -> String {
        guard Terminal.isInteractive else { return iso8601(date) }
        let seconds = now.timeIntervalSince(date)
        switch seconds {
        case ..<(-60): return "in the future"
        case ..<60: return "just now"
        case ..<3_600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3_600)) h ago"
        case ..<(30 * 86_400): return "\(Int(seconds / 86_400)) d ago"
        default: return String(iso8601(date).prefix(10))
        }
    }

    static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon).timeZone(separator: .omitted))
    }
}

/// Rows of text: aligned columns (the last one cut to the terminal's width) for a person,
/// tab-separated values for a program.
struct TextTable {
    let columns: [String]
    private var rows: [[String]] = []

    init(columns: [String]) {
        self.columns = columns
    }

    mutating func append(_ row: [String]) {
        rows.append(row.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") })
    }

    func rendered() -> String {
        guard Terminal.isInteractive else {
            return ([columns] + rows).map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"
        }
        var widths = columns.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count - 1 {
                widths[index] = max(widths[index], min(cell.count, 40))
            }
        }
        let fixed = widths.dropLast().reduce(0) { $0 + $1 + 2 }
        let lastWidth = max(20, Terminal.width - fixed)
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                if index == cells.count - 1 {
                    text += cell.count > lastWidth ? String(cell.prefix(lastWidth - 1)) + "…" : cell
                } else {
                    let clipped = cell.count > widths[index] ? String(cell.prefix(widths[index] - 1)) + "…" : cell
                    text += clipped.padding(toLength: widths[index], withPad: " ", startingAt: 0) + "  "
                }
            }
            return text
        }
        return ([line(columns)] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
