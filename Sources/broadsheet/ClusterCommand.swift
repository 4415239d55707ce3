import ArgumentParser
import Foundation
import Stories

/// `broadsheet cluster`: groups labelled headlines with the product's story grouping, so its
/// quality is measured on real data (see docs/STORIES.md).
struct ClusterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cluster",
        abstract: "Group headlines from a TSV file into stories, as Broadsheet groups arriving articles.",
        discussion: """
            FILE has one headline a line: id, title, publisher, hostname, category, timestamp_ms \
            (tab-separated, a header line allowed; further columns are ignored). Headlines are \
            placed one at a time in order of timestamp, by the same code that groups arriving \
            articles. Prints "id<TAB>story" per headline, where story is the id of the story's \
            first headline. The options change the grouping's parameters for experiments.
            """
    )

    /// Larger files are refused: the evaluation sets are a few megabytes.
    static let largestFile = 512 * 1024 * 1024

    @Option(name: .long, help: "Least similarity for a headline to join a story (default 0.1).")
    var joinThreshold: Double?

    @Option(name: .long, help: "Least similarity between two stories to merge them; 0 never merges (default 0.2).")
    var mergeThreshold: Double?

    @Option(name: .long, help: "Hours after which a quiet story's similarity halves; 0 never (default 12).")
    var halfLife: Double?

    @Option(name: .long, help: "Hours a story stays open after its latest headline (default 48).")
    var window: Double?

    @Option(name: .long, help: "Letters of a word that count (default 5).")
    var prefix: Int?

    @Flag(name: .long, help: "Print the number of headlines and stories and the time taken on stderr.")
    var summary = false

    @Argument(help: "The TSV file of headlines.")
    var file: String

    func validate() throws {
        for (name, value) in [("--join-threshold", joinThreshold), ("--merge-threshold", mergeThreshold)] {
            if let value, !(0...1).contains(value) { throw ValidationError("\(name) takes a number from 0 to 1.") }
        }
        for (name, value) in [("--half-life", halfLife), ("--window", window)] {
            if let value, !(value >= 0 && value <= 24 * 365) { throw ValidationError("\(name) takes a number of hours from 0 to 8760.") }
        }
        if let prefix, !(1...64).contains(prefix) { throw ValidationError("--prefix takes a number from 1 to 64.") }
    }

    func run() throws {
        let headlines = try readHeadlines()
        let clock = ContinuousClock()
        let start = clock.now
        let labels = headlines.group(options: options)
        let elapsed = clock.now - start
        var output = ""
        output.reserveCapacity(labels.count * 24)
        for (article, story) in labels {
            output += "\(article)\t\(story)\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        if summary {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let stories = Set(labels.map(\.story)).count
            let rate = seconds > 0 ? Double(labels.count) / seconds : 0
            Terminal.printError("\(labels.count) headlines, \(stories) stories, \(String(format: "%.3f", seconds)) s, \(Int(rate)) headlines/s")
        }
    }

    private var options: StoryGroupingOptions {
        var options = StoryGroupingOptions()
        if let joinThreshold { options.joinThreshold = joinThreshold }
        if let mergeThreshold { options.mergeThreshold = mergeThreshold > 0 ? mergeThreshold : nil }
        if let halfLife { options.activityHalfLife = halfLife > 0 ? Int64(halfLife * 3600) : nil }
        if let window { options.window = Int64(window * 3600) }
        if let prefix { options.wordPrefixLength = prefix }
        return options
    }

    private func readHeadlines() throws -> HeadlineFile {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw CommandFailure("Cannot read \(file); check that the file exists and is readable.")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: Self.largestFile + 1) ?? Data()
        guard data.count <= Self.largestFile else {
            throw CommandFailure("\(file) is larger than 512 MB; split it into smaller files.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure("\(file) is not UTF-8 text; convert it to UTF-8 first.")
        }
        do {
            return try HeadlineFile(text: text)
        } catch {
            throw CommandFailure("\(file): \(error.description)")
        }
    }
}
