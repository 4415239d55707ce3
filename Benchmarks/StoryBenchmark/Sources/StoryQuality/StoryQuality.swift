import Foundation
import Stories

/// Measures story grouping against labelled headlines (the news-aggregator TSV, whose last
/// column is the story a real aggregator gave each headline), and checks that the chosen
/// parameters are not fitted to the stories at hand: the stories are split in two halves at
/// random, parameters are tuned on one half and scored on the other.
///
///     StoryQuality FILE.tsv                 # B-cubed of the defaults
///     StoryQuality FILE.tsv --grid          # and of each join × merge threshold pair
///     StoryQuality FILE.tsv --splits 10     # tune on half of the stories, score the other half
@main
struct StoryQuality {
    static func main() throws {
        var arguments = CommandLine.arguments.dropFirst()
        guard let path = arguments.popFirst() else {
            print("usage: StoryQuality FILE.tsv [--grid] [--splits N] [--prefix N] [--proposing N] [--share S] [--join J] [--merge M]")
            return
        }
        var showsGrid = false
        var splits = 0
        var defaults = StoryGroupingOptions()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--grid": showsGrid = true
            case "--splits": splits = arguments.popFirst().flatMap(Int.init) ?? 10
            case "--prefix": defaults.wordPrefixLength = arguments.popFirst().flatMap(Int.init) ?? defaults.wordPrefixLength
            case "--proposing": defaults.proposingTermLimit = arguments.popFirst().flatMap(Int.init) ?? defaults.proposingTermLimit
            case "--share": defaults.candidateTermShare = arguments.popFirst().flatMap(Double.init) ?? defaults.candidateTermShare
            case "--join": defaults.joinThreshold = arguments.popFirst().flatMap(Double.init) ?? defaults.joinThreshold
            case "--merge": defaults.mergeThreshold = arguments.popFirst().flatMap(Double.init) ?? defaults.mergeThreshold
            default:
                print("unknown option \(argument)")
                return
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let labelled = try LabelledHeadlines(text: text)
        let clock = ContinuousClock()
        let start = clock.now
        let score = labelled.score(options: defaults)
        let took = clock.now - start
        print("\(labelled.count) headlines, \(labelled.storyCount) stories")
        print("defaults: \(score) (\(String(format: "%.0f", Double(labelled.count) / seconds(took))) headlines/s)")
        if showsGrid {
            for options in grid(around: defaults) {
                print("join \(options.joinThreshold) merge \(options.mergeThreshold.map { "\($0)" } ?? "none"): \(labelled.score(options: options))")
            }
        }
        if splits > 0 {
            var tunedTotal = 0.0
            var defaultTotal = 0.0
            for seed in 1...splits {
                let (first, second) = labelled.halves(seed: UInt64(seed))
                let tuned = grid(around: defaults).max { first.score(options: $0).f1 < first.score(options: $1).f1 } ?? defaults
                let tunedScore = second.score(options: tuned).f1
                let defaultScore = second.score(options: defaults).f1
                tunedTotal += tunedScore
                defaultTotal += defaultScore
                print("split \(seed): tuned on one half (join \(tuned.joinThreshold), merge \(tuned.mergeThreshold.map { "\($0)" } ?? "none")), F1 on the other \(f3(tunedScore)); defaults there \(f3(defaultScore)); defaults on the first half \(f3(first.score(options: defaults).f1))")
            }
            print("mean F1 on held-out halves: tuned \(f3(tunedTotal / Double(splits))), defaults \(f3(defaultTotal / Double(splits)))")
        }
    }

    static func grid(around defaults: StoryGroupingOptions) -> [StoryGroupingOptions] {
        var all: [StoryGroupingOptions] = []
        for join in [0.06, 0.08, 0.1, 0.12, 0.15] {
            for merge in [0.15, 0.2, 0.25, 0.3] as [Double?] {
                var options = defaults
                options.joinThreshold = join
                options.mergeThreshold = merge
                all.append(options)
            }
        }
        return all
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func f3(_ value: Double) -> String { String(format: "%.3f", value) }
}

/// Headlines with the story each belongs to.
struct LabelledHeadlines {
    var file: HeadlineFile
    var storyOfHeadline: [Int64: String]

    var count: Int { file.headlines.count }
    var storyCount: Int { Set(storyOfHeadline.values).count }

    init(text: String) throws {
        file = try HeadlineFile(text: text)
        storyOfHeadline = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 7, let id = Int64(fields[0]) else { continue }
            storyOfHeadline[id] = String(fields[6].trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    private init(file: HeadlineFile, storyOfHeadline: [Int64: String]) {
        self.file = file
        self.storyOfHeadline = storyOfHeadline
    }

    /// The headlines of a random half of the stories, and those of the other half.
    func halves(seed: UInt64) -> (LabelledHeadlines, LabelledHeadlines) {
        var random = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        var stories = Array(Set(storyOfHeadline.values)).sorted()
        for index in stories.indices.reversed() where index > 0 {
            random ^= random << 13
            random ^= random >> 7
            random ^= random << 17
            stories.swapAt(index, Int(random % UInt64(index + 1)))
        }
        let firstStories = Set(stories.prefix(stories.count / 2))
        func subset(_ keep: @escaping (String) -> Bool) -> LabelledHeadlines {
            var copy = file
            copy.keep { storyOfHeadline[$0.id].map(keep) ?? false }
            return LabelledHeadlines(file: copy, storyOfHeadline: storyOfHeadline.filter { keep($0.value) })
        }
        return (subset { firstStories.contains($0) }, subset { !firstStories.contains($0) })
    }

    /// B-cubed precision, recall and F1 of the grouping with these options.
    func score(options: StoryGroupingOptions) -> Score {
        let labels = file.group(options: options)
        var pairCounts: [String: [Int64: Int]] = [:]
        var goldSizes: [String: Int] = [:]
        var predictedSizes: [Int64: Int] = [:]
        for (article, story) in labels {
            guard let gold = storyOfHeadline[article] else { continue }
            pairCounts[gold, default: [:]][story, default: 0] += 1
            goldSizes[gold, default: 0] += 1
            predictedSizes[story, default: 0] += 1
        }
        var precision = 0.0
        var recall = 0.0
        var total = 0
        for (gold, byPredicted) in pairCounts {
            for (predicted, shared) in byPredicted {
                let square = Double(shared * shared)
                precision += square / Double(predictedSizes[predicted] ?? 1)
                recall += square / Double(goldSizes[gold] ?? 1)
                total += shared
            }
        }
        precision /= Double(max(total, 1))
        recall /= Double(max(total, 1))
        return Score(precision: precision, recall: recall, clusters: predictedSizes.count)
    }

    struct Score: CustomStringConvertible {
        var precision: Double
        var recall: Double
        var clusters: Int
        var f1: Double { precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0 }
        var description: String {
            "B-cubed P \(StoryQuality.f3(precision)) R \(StoryQuality.f3(recall)) F1 \(StoryQuality.f3(f1)), \(clusters) stories"
        }
    }
}
