import ArgumentParser
import FeedParsing
import Foundation
import LanguageDetection
import NewsModel
import Refresh

/// `broadsheet detect-language`: the language detector on text files or feeds, for checking
/// it against material whose language is known (`scripts/check-language-detection.py`).
struct DetectLanguageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect-language",
        abstract: "Say which language texts or feeds are written in, as the refresh works it out.",
        discussion: """
            Prints one tab-separated line per file: the file, the language the file declares \
            (feeds only; - when none), the language detected from its text (unknown when the \
            detector will not say), and why. With --feeds, each file is a feed and the detector \
            reads its articles the way the refresh does, ignoring the language the feed declares.
            """
    )

    @Flag(help: "The files are feeds (RSS, Atom, JSON Feed): detect from their articles.")
    var feeds = false

    @Argument(help: "Text files, or feeds with --feeds; - reads standard input.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one file (or - for standard input).") }
    }

    func run() throws {
        let detector = LanguageDetector.standard
        let inference = SourceInference()
        for path in files {
            let bytes: [UInt8]
            if path == "-" {
                bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            } else if let data = FileManager.default.contents(atPath: path) {
                bytes = [UInt8](data)
            } else {
                print("\(path)\t-\tunknown\tcannot read the file")
                continue
            }
            if feeds {
                do {
                    let feed = try FeedParser.parse(bytes, url: nil)
                    let articles = ArticleMapper().articles(from: feed, now: Date())
                    let samples = articles.prefix(inference.maximumArticles).map(inference.sample)
                    print("\(path)\t\(feed.language ?? "-")\t\(Self.describe(detector.detect(samples: samples)))")
                } catch {
                    print("\(path)\t-\tunknown\tnot a feed: \(error.description)")
                }
            } else {
                print("\(path)\t-\t\(Self.describe(detector.detect(String(decoding: bytes, as: UTF8.self))))")
            }
        }
    }

    static func describe(_ guess: LanguageGuess) -> String {
        switch guess {
        case .language(let code, let confidence):
            return "\(code)\tconfidence \(String(format: "%.3f", confidence))"
        case .unknown(.tooShort(let letters)):
            return "unknown\ttoo short (\(letters) letters)"
        case .unknown(.ambiguous(let candidates)):
            return "unknown\tambiguous: \(candidates.joined(separator: " "))"
        case .unknown(.unsupportedWritingSystem(let system)):
            return "unknown\tno profile for the \(system.rawValue) writing system"
        }
    }
}
