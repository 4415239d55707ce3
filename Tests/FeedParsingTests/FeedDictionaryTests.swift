import Testing

@testable import FeedParsing

@Suite struct FeedDictionaryTests {
    @Test func keepsInsertionOrderAndReplacesInPlace() {
        var dictionary = FeedDictionary()
        dictionary["title"] = .string("First")
        dictionary["link"] = .string("https://example.com/")
        dictionary["tags"] = .list([])
        dictionary["title"] = .string("Second")
        #expect(dictionary.keys == ["title", "link", "tags"])
        #expect(dictionary.string("title") == "Second")
        dictionary["link"] = nil
        #expect(dictionary.keys == ["title", "tags"])
        #expect(!dictionary.contains("link"))
    }

    @Test func keysOfTheSameLengthAreToldApart() {
        var dictionary = FeedDictionary()
        for key in ["link", "tags", "href", "type", "term"] { dictionary[key] = .string(key.uppercased()) }
        for key in ["link", "tags", "href", "type", "term"] { #expect(dictionary.string(key) == key.uppercased()) }
        #expect(dictionary["rel"] == nil)
        #expect(dictionary["name"] == nil)
    }

    /// Past the linear-scan size a hash index takes over; it must agree with the scan through
    /// inserts, replacements and removals.
    @Test func largeDictionariesStayConsistent() {
        var dictionary = FeedDictionary()
        let count = FeedDictionary.indexThreshold * 3
        for number in 0..<count { dictionary["key\(number)"] = .int(number) }
        #expect(dictionary.count == count)
        for number in 0..<count { #expect(dictionary["key\(number)"] == .int(number)) }
        for number in stride(from: 0, to: count, by: 2) { dictionary["key\(number)"] = nil }
        #expect(dictionary.count == count / 2)
        for number in 0..<count {
            #expect(dictionary["key\(number)"] == (number.isMultiple(of: 2) ? nil : .int(number)))
        }
        dictionary["key1"] = .string("changed")
        dictionary["new"] = .bool(true)
        #expect(dictionary.string("key1") == "changed")
        #expect(dictionary["new"] == .bool(true))
        #expect(dictionary.keys.first == "key1")
        #expect(dictionary.keys.last == "new")
    }

    @Test func equalityAndHashIgnoreOrder() {
        let forward = FeedDictionary([("term", .string("swift")), ("scheme", .null), ("label", .null)])
        let backward = FeedDictionary([("label", .null), ("scheme", .null), ("term", .string("swift"))])
        let other = FeedDictionary([("term", .string("rust")), ("scheme", .null), ("label", .null)])
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(forward != other)
        #expect(Set([forward, backward, other]).count == 2)
    }

    @Test func modifiesNestedValuesInPlace() {
        var dictionary = FeedDictionary()
        dictionary.modifyList("links") { $0.append(.dictionary(FeedDictionary([("rel", .string("alternate"))]))) }
        dictionary.modifyLastInList("links") { $0["href"] = .string("https://example.com/a") }
        dictionary.modifyDictionary("author_detail") { $0["name"] = .string("Ines Marlow") }
        dictionary.setDefault("author_detail", .null)
        #expect(dictionary["links"]?.listValue?.first?.dictionaryValue?.string("href") == "https://example.com/a")
        #expect(dictionary["author_detail"]?.dictionaryValue?.string("name") == "Ines Marlow")
    }
}
