import Testing
@testable import broadsheet

/// What people type at the command line, read the way they meant it.
@Suite struct CommandInputTests {
    @Test func aSearchMayStartWithAnExcludedWord() throws {
        let command = try SearchCommand.parse(["-apple", "orchard", "--limit", "5"])
        #expect(command.query == ["-apple", "orchard"])
        #expect(command.limit == 5)
        #expect(try SearchCommand.parse(["solar", "-opinion"]).query == ["solar", "-opinion"])
    }

    @Test func aPasswordFileHoldsOneLine() throws {
        #expect(try ServeCommand.password(fromFile: "correct horse\n", path: "p") == "correct horse")
        #expect(try ServeCommand.password(fromFile: "  spaced  \r\n", path: "p") == "  spaced  ")
        #expect(throws: CommandFailure.self) { try ServeCommand.password(fromFile: "first\nsecond\n", path: "p") }
        #expect(throws: CommandFailure.self) { try ServeCommand.password(fromFile: "\n\n", path: "p") }
    }

    @Test func serveChecksTheNamesItAnswersTo() throws {
        #expect(try ServeCommand.parse(["--allowed-host", "news.example.org", "--allowed-host", "reader.lan"]).allowedHosts == ["news.example.org", "reader.lan"])
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--allowed-host", "not a name"]) }
        #expect(throws: (any Error).self) { try ServeCommand.parse(["--public-url", "news.example.org"]) }
    }
}
