import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DemoEdition

@Suite("The demo images")
struct DemoImageTests {
    let sources = DemoEdition.sources

    /// Every image name the catalogue points at, from the URLs the store and bodies carry.
    var referencedNames: [String] {
        let prefix = DemoEdition.imagePathPrefix
        var names = sources.map { String($0.iconURL.dropFirst(prefix.count)) }
        for source in sources {
            for article in source.articles {
                #expect(article.imageURL.hasPrefix(prefix))
                names.append(String(article.imageURL.dropFirst(prefix.count)))
                if article.hasFigure {
                    #expect(article.bodyHTML(in: source).contains("src=\"\(article.figureImageURL)\""))
                    names.append(article.figureImageName)
                }
            }
        }
        return names
    }

    @Test func everyReferencedImageExists() {
        let names = referencedNames
        for name in names {
            #expect(DemoEdition.image(named: name) != nil, "no image named \(name)")
        }
        #expect(Set(names) == Set(DemoEdition.imageNames))
    }

    @Test func unknownNamesGiveNothing() {
        for name in ["", "nothing.svg", "../etc/passwd", "icon-.svg", "repairable-laptop-returns", "/demo/images/icon-orbital-review.svg"] {
            #expect(DemoEdition.image(named: name) == nil, "\(name)")
        }
    }

    @Test func everyImageIsSafeSmallSVG() throws {
        for name in DemoEdition.imageNames {
            let svg = try #require(DemoEdition.image(named: name))
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), "\(name)")
            #expect(svg.hasSuffix("</svg>"))
            #expect(svg.contains("viewBox=\""))
            let lowered = svg.lowercased()
            #expect(!lowered.contains("<script"), "\(name) has a script")
            #expect(!lowered.contains("href"), "\(name) refers to something")
            #expect(!lowered.contains("url(http") && !lowered.contains("@import"))
            #expect(!hasEventAttribute(lowered), "\(name) has an on…= attribute")
            #expect((200...2_600).contains(svg.utf8.count), "\(name) is \(svg.utf8.count) bytes")
            #expect(isWellFormedXML(svg), "\(name) is not well-formed")
        }
    }

    @Test func illustrationsAreWideAndIconsSquare() throws {
        for source in sources {
            let icon = try #require(DemoEdition.image(named: source.iconName))
            #expect(icon.contains("viewBox=\"0 0 64 64\""))
            for article in source.articles {
                let lead = try #require(DemoEdition.image(named: article.imageName))
                #expect(lead.contains("viewBox=\"0 0 320 180\""))
            }
        }
    }

    @Test func imagesAreDeterministicAndDistinct() throws {
        var seen = Set<String>()
        for source in sources {
            for article in source.articles {
                let drawn = DemoIllustration.lead(for: article, in: source)
                #expect(drawn == DemoIllustration.lead(for: article, in: source))
                #expect(!seen.contains(drawn), "\(article.slug) looks like another article")
                seen.insert(drawn)
                #expect(drawn != DemoIllustration.figure(for: article, in: source))
            }
        }
        #expect(Set(sources.map { DemoIllustration.icon(for: $0) }).count == sources.count)
    }

    @Test func eachSourceDrawsInItsOwnPalette() throws {
        for source in sources {
            let article = try #require(source.articles.first)
            let svg = DemoIllustration.lead(for: article, in: source)
            #expect(svg.contains(source.palette.backgroundStart) && svg.contains(source.palette.backgroundEnd))
        }
        #expect(Set(sources.map(\.motif)).count == sources.count)
    }

    @Test func iconEscapesItsMonogram() {
        let source = DemoSource(
            id: "test-source", name: "Test", description: "A test. (demo)", siteURL: "https://test.example",
            category: .general, language: .en, countryCode: "us", monogram: "<&",
            palette: DemoPalette(backgroundStart: "#000000", backgroundEnd: "#111111", accents: ["#222222"], ink: "#ffffff"),
            motif: .blocks, articles: []
        )
        let icon = DemoIllustration.icon(for: source)
        #expect(icon.contains("&lt;&amp;"))
        #expect(isWellFormedXML(icon))
    }
}

/// True when the (lower-cased) text has an attribute such as ` onload=`.
func hasEventAttribute(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    while index + 3 < bytes.count {
        let separator = bytes[index]
        if separator == UInt8(ascii: " ") || separator == UInt8(ascii: "\n") || separator == UInt8(ascii: "\t") || separator == UInt8(ascii: "/"),
           bytes[index + 1] == UInt8(ascii: "o"), bytes[index + 2] == UInt8(ascii: "n") {
            var cursor = index + 3
            while cursor < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[cursor]) { cursor += 1 }
            if cursor > index + 3, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") { return true }
        }
        index += 1
    }
    return false
}

/// Parses the text as XML (no network, no entity expansion) and says whether it is well-formed.
func isWellFormedXML(_ text: String) -> Bool {
    let parser = XMLParser(data: Data(text.utf8))
    parser.shouldResolveExternalEntities = false
    return parser.parse()
}
