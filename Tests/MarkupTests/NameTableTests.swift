import Testing
@testable import Markup

@Suite("NameTable")
struct NameTableTests {
    let table = NameTable(["href", "src", "xlink:href", "accept-charset", "a", "abbr"])

    func position(_ name: String) -> Int? {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { table.position(of: $0) }
    }

    @Test func findsNamesInAnyASCIICase() throws {
        let href = try #require(position("href"))
        #expect(table.names[href] == "href")
        #expect(position("HREF") == href)
        #expect(position("hReF") == href)
        #expect(position("XLink:Href").map { table.names[$0] } == "xlink:href")
    }

    @Test func missesNamesNotListed() {
        #expect(position("hre") == nil)
        #expect(position("hrefs") == nil)
        #expect(position("") == nil)
        #expect(position("onclick") == nil)
        #expect(position(String(repeating: "a", count: 10_000)) == nil)
        // A NUL is not padding, and only ASCII letters fold (a Kelvin sign is not a K).
        #expect(position("SRC\u{0}") == nil)
        #expect(position("abbr\u{212A}") == nil)
    }

    @Test func positionsFollowByteOrder() {
        #expect(table.names == ["a", "abbr", "accept-charset", "href", "src", "xlink:href"])
        let positions = table.names.compactMap { position($0.uppercased()) }
        #expect(positions == Array(0..<table.count))
    }

    @Test func writesTheListedSpelling() throws {
        var writer = ByteWriter(capacity: 1)
        defer { writer.deallocate() }
        table.appendName(at: try #require(position("ACCEPT-CHARSET")), to: &writer)
        #expect(Array(writer.bytes) == Array("accept-charset".utf8))
    }
}

@Suite("ByteWriter")
struct ByteWriterTests {
    @Test func appendsAndGrowsPastItsCapacity() {
        var writer = ByteWriter(capacity: 4)
        defer { writer.deallocate() }
        var expected: [UInt8] = []
        for round in 0..<1_000 {
            writer.append(UInt8(round & 0x7F))
            expected.append(UInt8(round & 0x7F))
            writer.append("&amp;")
            expected.append(contentsOf: "&amp;".utf8)
            let run = [UInt8](repeating: UInt8(ascii: "x"), count: round % 70)
            run.withUnsafeBufferPointer { writer.append($0) }
            expected.append(contentsOf: run)
        }
        #expect(writer.count == expected.count)
        #expect(Array(writer.bytes) == expected)
    }
}

@Suite("ByteScan.firstEscapedByte")
struct ByteScanEscapedByteTests {
    @Test func findsExactlyTheFourBytesEscapingReplaces() {
        // Every byte value at every offset of a word and past it: only & " < > are found.
        for value in 0...255 {
            for offset in 0..<19 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 19)
                bytes[offset] = UInt8(value)
                let found = bytes.withUnsafeBufferPointer { ByteScan.firstEscapedByte(in: $0, from: 0) }
                let isEscaped = value == 0x26 || value == 0x22 || value == 0x3C || value == 0x3E
                #expect(found == (isEscaped ? offset : bytes.count), "byte \(value) at \(offset)")
            }
        }
    }

    @Test func startsWhereAsked() {
        let bytes = Array("<a>&\"".utf8)
        let found = bytes.withUnsafeBufferPointer { buffer in (0...5).map { ByteScan.firstEscapedByte(in: buffer, from: $0) } }
        #expect(found == [0, 2, 2, 3, 4, 5])
    }
}
