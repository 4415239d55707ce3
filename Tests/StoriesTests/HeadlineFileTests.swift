import Testing

@testable import Stories

@Suite("HeadlineFile")
struct HeadlineFileTests {
    @Test("reads the evaluation format with its header, sorted by timestamp")
    func readsLines() throws {
        let text = """
            id\ttitle\tpublisher\thostname\tcategory\ttimestamp_ms\tstory
            7\tSecond headline\tThe Ledger\twww.ledger.example\tb\t2000\tx
            3\tFirst headline\tCourier\tcourier.example\tb\t1000\ty

            """
        let file = try HeadlineFile(text: text)
        #expect(file.headlines.count == 2)
        #expect(file.inArrivalOrder.map(\.id) == [3, 7])
        #expect(file.headlines[0].publisher == "The Ledger")
    }

    @Test("a line without enough fields, or a repeated id, is refused with its line number")
    func refusesMalformedLines() {
        #expect(throws: HeadlineFile.ReadError.malformedLine(number: 2, reason: "3 fields")) {
            try HeadlineFile(text: "1\ta\tb\tc\td\t5\n2\tonly\tthree\n")
        }
        #expect(throws: HeadlineFile.ReadError.duplicateID(number: 2, id: 1)) {
            try HeadlineFile(text: "1\ta\tb\tc\td\t5\n1\ta\tb\tc\td\t6\n")
        }
        #expect(throws: HeadlineFile.ReadError.malformedLine(number: 1, reason: "the timestamp is not a number of milliseconds")) {
            try HeadlineFile(text: "1\ta\tb\tc\td\tnoon\n")
        }
    }

    @Test("grouping labels every headline with the id of its story's first headline")
    func groups() throws {
        let lines = StoryFixtures.articles.map { article in
            "\(article.id)\t\(article.title)\tsource \(article.source)\tsource\(article.source).example\tn\t\(article.time * 1000)"
        }
        let labels = try HeadlineFile(text: lines.joined(separator: "\n")).group()
        #expect(labels.count == StoryFixtures.articles.count)
        #expect(Set(labels.map(\.story)).count == 4)
        for (article, story) in labels {
            #expect(story <= article)
            #expect(StoryFixtures.events(ofArticles: [article, story]).count == 1)
        }
    }
}
