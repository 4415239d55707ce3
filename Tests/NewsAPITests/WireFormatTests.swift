import Foundation
import NewsAPI
import Testing

@Suite struct WireFormatTests {
    let sample = ArticleDTO(
        source: SourceReference(id: nil, name: "Example Times"),
        author: nil, title: "Title \"quoted\" / slashed", description: nil,
        url: "https://example.com/a", urlToImage: nil,
        publishedAt: Date(timeIntervalSince1970: 1_705_341_600.75), content: nil
    )

    @Test func articleKeysFollowTheSpecOrderWithExplicitNulls() throws {
        let json = String(decoding: try OrderedJSONEncoder().encode(sample), as: UTF8.self)
        #expect(json == #"{"source":{"id":null,"name":"Example Times"},"author":null,"title":"Title \"quoted\" / slashed","description":null,"url":"https://example.com/a","urlToImage":null,"publishedAt":"2024-01-15T18:00:00Z","content":null}"#)
    }

    /// Article lists write themselves; an array of articles still goes through the Codable
    /// tree, so the two can be compared on random articles.
    @Test func articleListsWriteWhatTheirCodableEncodingWrites() throws {
        var generator = SystemRandomNumberGenerator()
        let texts: [String?] = [nil, "", "plain", "quote \" and \\ slash /", "line\nbreak\t\u{1}", "\u{2028}é中👍", "x [+10 chars]"]
        func text() -> String? { texts.randomElement(using: &generator) ?? nil }
        for _ in 0..<200 {
            let articles = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                ArticleDTO(
                    source: SourceReference(id: text(), name: text() ?? "name"), author: text(), title: text() ?? "title",
                    description: text(), url: text() ?? "https://a.example/", urlToImage: text(),
                    publishedAt: Date(timeIntervalSince1970: Double.random(in: 0..<4_000_000_000, using: &generator)), content: text()
                )
            }
            let total = Int.random(in: 0...100_000, using: &generator)
            let direct = String(decoding: try OrderedJSONEncoder().encode(ArticlesResponse(totalResults: total, articles: articles)), as: UTF8.self)
            let tree = String(decoding: try OrderedJSONEncoder().encode(articles), as: UTF8.self)
            #expect(direct == #"{"status":"ok","totalResults":"# + String(total) + #","articles":"# + tree + "}")
        }
    }

    @Test func responseKeysFollowTheSpecOrder() throws {
        let response = ArticlesResponse(totalResults: 1234, articles: [])
        #expect(String(decoding: try OrderedJSONEncoder().encode(response), as: UTF8.self) == #"{"status":"ok","totalResults":1234,"articles":[]}"#)
        let failure = ErrorResponse(code: .parameterInvalid, message: "Bad.")
        #expect(String(decoding: try OrderedJSONEncoder().encode(failure), as: UTF8.self) == #"{"status":"error","code":"parameterInvalid","message":"Bad."}"#)
    }

    @Test func articleRoundTripsThroughFoundationDecoder() throws {
        let data = try OrderedJSONEncoder().encodeToData(ArticlesResponse(totalResults: 1, articles: [sample]))
        let decoded = try JSONDecoder().decode(ArticlesResponse.self, from: data)
        #expect(decoded.totalResults == 1)
        #expect(decoded.articles.first?.title == sample.title)
        #expect(decoded.articles.first?.source.id == nil)
        // The wire has whole seconds only.
        #expect(decoded.articles.first?.publishedAt == Date(timeIntervalSince1970: 1_705_341_600))
    }

    @Test func decodesWhatNewsAPIOrgSends() throws {
        let json = #"""
        {"status":"ok","totalResults":2,"articles":[
         {"source":{"id":"bbc-news","name":"BBC News"},"author":"BBC","title":"One","description":"d",
          "url":"https://bbc.co.uk/1","urlToImage":"https://i/1.jpg","publishedAt":"2024-04-26T04:14:38.123+02:00","content":"x [+10 chars]"},
         {"source":{"id":null,"name":"Blog"},"author":null,"title":"Two","description":null,
          "url":"https://b/2","urlToImage":null,"publishedAt":"2024-04-26T04:14:38Z","content":null}]}
        """#
        let decoded = try JSONDecoder().decode(ArticlesResponse.self, from: Data(json.utf8))
        #expect(decoded.articles.count == 2)
        #expect(abs(decoded.articles[0].publishedAt.timeIntervalSince1970 - 1_714_097_678.123) < 0.0005)
        #expect(decoded.articles[1].author == nil)
    }

    @Test func malformedDateIsADecodingError() {
        let json = #"{"source":{"id":null,"name":"n"},"title":"t","url":"u","publishedAt":"yesterday"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ArticleDTO.self, from: Data(json.utf8)) }
    }

    @Test func legacyShapesRoundTrip() throws {
        let source = LegacySourceDTO(
            id: "abc", name: "ABC", description: "", url: "https://abc.example", category: "sport", language: "en",
            country: "au", urlsToLogos: LogoURLs(small: "s", medium: "m", large: "l"), sortBysAvailable: ["top", "latest"]
        )
        let text = String(decoding: try OrderedJSONEncoder().encode(LegacySourcesResponse(sources: [source])), as: UTF8.self)
        #expect(text.hasPrefix(#"{"status":"ok","sources":[{"id":"abc","name":"ABC","description":"","url":"#))
        #expect(text.contains(#""urlsToLogos":{"small":"s","medium":"m","large":"l"},"sortBysAvailable":["top","latest"]"#))
        let decoded = try JSONDecoder().decode(LegacySourcesResponse.self, from: Data(text.utf8))
        #expect(decoded.sources == [source])

        let articles = LegacyArticlesResponse(source: "abc", sortBy: "top", articles: [
            LegacyArticleDTO(author: nil, title: "T", description: nil, url: "https://abc.example/1", urlToImage: nil, publishedAt: nil),
        ])
        let articleText = String(decoding: try OrderedJSONEncoder().encode(articles), as: UTF8.self)
        #expect(articleText == #"{"status":"ok","source":"abc","sortBy":"top","articles":[{"author":null,"title":"T","description":null,"url":"https://abc.example/1","urlToImage":null,"publishedAt":null}]}"#)
        #expect(try JSONDecoder().decode(LegacyArticlesResponse.self, from: Data(articleText.utf8)) == articles)
    }

    @Test func sourcesNeverCarryNullsAndStillReadServicesThatSendThem() throws {
        let source = SourceDTO(id: "a", name: "A", description: "", url: "https://a.example", category: "general", language: "en", country: "us")
        let text = String(decoding: try OrderedJSONEncoder().encode(SourcesResponse(sources: [source])), as: UTF8.self)
        #expect(text == #"{"status":"ok","sources":[{"id":"a","name":"A","description":"","url":"https://a.example","category":"general","language":"en","country":"us"}]}"#)
        let lenient = try JSONDecoder().decode(SourceDTO.self, from: Data(#"{"id":"b","name":"B","description":null,"url":null}"#.utf8))
        #expect(lenient.description == "" && lenient.url == "" && lenient.category == "" && lenient.country == "")
    }

    @Test func stringsAreEscapedForJSON() throws {
        let text = String(decoding: try OrderedJSONEncoder().encode(["a\u{0}b\n\u{2028}é\\"]), as: UTF8.self)
        #expect(text == #"["a\u0000b\n\u2028é\\"]"#)
        #expect(try JSONDecoder().decode([String].self, from: Data(text.utf8)) == ["a\u{0}b\n\u{2028}é\\"])
    }

    /// Every escape and every kind of scalar, compared with JSON written one scalar at a time.
    @Test func stringsAreEscapedLikeTheScalarByScalarWriter() throws {
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{2028}": out += "\\u2028"
                case "\u{2029}": out += "\\u2029"
                default:
                    out += scalar.value < 0x20 ? "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) : String(scalar)
                }
            }
            return out + "\""
        }
        let pieces = ["a", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "€", "中", "👍", "/"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let written = String(decoding: try OrderedJSONEncoder().encode([text]), as: UTF8.self)
            #expect(written == "[" + reference(text) + "]")
        }
    }

    @Test func unknownErrorCodesStillDecode() throws {
        let decoded = try JSONDecoder().decode(ErrorResponse.self, from: Data(#"{"status":"error","code":"somethingNew","message":"m"}"#.utf8))
        #expect(decoded.code.rawValue == "somethingNew")
    }
}

@Suite struct NewsAPIDateTests {
    @Test func formatsUTCWithoutFractions() {
        #expect(NewsAPIDate.string(from: Date(timeIntervalSince1970: 0.9)) == "1970-01-01T00:00:00Z")
        #expect(NewsAPIDate.string(from: Date(timeIntervalSince1970: 1_705_341_600)) == "2024-01-15T18:00:00Z")
    }

    /// The arithmetic used for 1970–9999 agrees with the Gregorian calendar, second by second
    /// around the turns of days, months, leap years and centuries, and at random.
    @Test func arithmeticFormattingAgreesWithTheCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        func reference(_ date: Date) -> String {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        }
        var instants: [Double] = [0, 0.5, 59.999, 951_782_399, 951_782_400, 951_868_800, 4_107_542_399, 4_107_542_400, 253_402_300_799.5]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 { instants.append(Double.random(in: 0..<253_402_300_800, using: &generator)) }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(NewsAPIDate.string(from: date) == reference(date), "\(instant)")
        }
        #expect(NewsAPIDate.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test func parsesDatesAndDateTimes() throws {
        let day = try #require(NewsAPIDate.parse("2024-04-26"))
        #expect(day.precision == .day)
        #expect(day.date == Date(timeIntervalSince1970: 1_714_089_600))
        let instant = try #require(NewsAPIDate.parse("2024-04-26T04:14:38"))
        #expect(instant.precision == .instant)
        #expect(instant.date == Date(timeIntervalSince1970: 1_714_104_878))
        #expect(NewsAPIDate.parse("2024-04-26T04:14:38Z")?.date == instant.date)
        #expect(NewsAPIDate.parse("2024-04-26T06:14:38+02:00")?.date == instant.date)
        #expect(NewsAPIDate.parse("2024-04-26T06:14:38+0200")?.date == instant.date)
        #expect(NewsAPIDate.parse("2024-04-26T04:14")?.date == Date(timeIntervalSince1970: 1_714_104_840))
    }

    @Test(arguments: ["", "2024", "2024-13-01", "2024-02-30", "2024-04-26T25:00", "2024-04-26X", "2024-04-26T04:14:38+", "tomorrow", "2024-04-26T04:14:38.1234567890"])
    func rejectsMalformedDates(_ text: String) {
        #expect(NewsAPIDate.parse(text) == nil)
    }
}
