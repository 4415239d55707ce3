import Foundation
import Stories

/// Groups generated arriving articles into stories and prints articles per second, the
/// slowest placements and memory as the window fills and slides. Prints numbers, not
/// pass/fail. The baseline, measured in the same run, is one pass of Swift's hasher over
/// each article's text: the floor of touching the same bytes once.
@main
struct StoryBenchmark {
    static func main() {
        var articleCount = 100_000
        var windowHours: Int64 = 48
        var perDay = 10_000
        var proposing: Int?
        var share: Double?
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--articles": articleCount = arguments.popFirst().flatMap(Int.init) ?? articleCount
            case "--window-hours": windowHours = arguments.popFirst().flatMap(Int64.init) ?? windowHours
            case "--per-day": perDay = arguments.popFirst().flatMap(Int.init) ?? perDay
            case "--share": share = arguments.popFirst().flatMap(Double.init)
            case "--proposing": proposing = arguments.popFirst().flatMap(Int.init)
            default:
                print("usage: StoryBenchmark [--articles N] [--window-hours H] [--per-day N] [--share S] [--proposing N]")
                return
            }
        }
        var options = StoryGroupingOptions()
        options.window = windowHours * 3600
        if let proposing { options.proposingTermLimit = proposing }
        if let share { options.candidateTermShare = share }
        var generator = NewsGenerator(seed: 42, articlesPerDay: perDay)
        var grouper = StoryGrouper(options: options)
        let chunk = 10_000
        var grouped = 0
        var groupingTime = Duration.zero
        var groupingCPU = 0.0
        var baselineTime = Duration.zero
        var slowest: [Duration] = []
        var storiesStarted = 0
        var copies = 0
        var checksum = 0
        print("\(articleCount) articles, \(perDay) a day, window \(windowHours) h (\(Int(windowHours) * perDay / 24) articles)")
        print("articles   open stories   terms    resident MB")
        while grouped < articleCount {
            let batch = (0..<min(chunk, articleCount - grouped)).map { _ in generator.next() }
            let clock = ContinuousClock()
            let baselineStart = clock.now
            for article in batch {
                var hasher = Hasher()
                hasher.combine(article.title)
                hasher.combine(article.summary)
                checksum &+= hasher.finalize()
            }
            baselineTime += clock.now - baselineStart
            let cpuStart = threadCPUSeconds()
            for article in batch {
                let start = clock.now
                let placement = grouper.place(article)
                let took = clock.now - start
                groupingTime += took
                if placement.startsStory { storiesStarted += 1 }
                if placement.copyOf != nil { copies += 1 }
                slowest.append(took)
            }
            groupingCPU += threadCPUSeconds() - cpuStart
            grouped += batch.count
            print("\(pad(grouped, 8))   \(pad(grouper.openStoryCount, 12))   \(pad(grouper.termCount, 7))  \(pad(residentMegabytes(), 9))")
        }
        slowest.sort()
        let seconds = Self.seconds(groupingTime)
        let baseline = Self.seconds(baselineTime)
        print("grouping: \(grouped) articles in \(String(format: "%.2f", seconds)) s wall, \(String(format: "%.2f", groupingCPU)) s CPU: \(Int(Double(grouped) / seconds)) articles/s (wall), \(Int(Double(grouped) / groupingCPU)) articles/s (CPU of this thread)")
        print("baseline (hashing the same text once): \(Int(Double(grouped) / baseline)) articles/s; grouping costs \(String(format: "%.1f", seconds / baseline))× the baseline")
        let p99 = slowest[slowest.count * 99 / 100]
        print("per article: median \(micro(slowest[slowest.count / 2])) µs, 99th percentile \(micro(p99)) µs, slowest \(micro(slowest[slowest.count - 1])) µs")
        print("stories started: \(storiesStarted), copies recognised: \(copies)")
        print("peak resident memory: \(peakMegabytes()) MB (checksum \(checksum & 0xFF))")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// CPU time this thread has used: on a shared machine, wall time also counts other
    /// processes' turns.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func micro(_ duration: Duration) -> Int { Int(seconds(duration) * 1_000_000) }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The process's resident memory now, from /proc (Linux); 0 elsewhere.
    static func residentMegabytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// The most resident memory the process has had.
    static func peakMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
