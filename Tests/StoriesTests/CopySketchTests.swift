import Testing

@testable import Stories

@Suite("CopySketch")
struct CopySketchTests {
    private func sketch(_ text: String) -> CopySketch {
        var extractor = TermExtractor(prefixLength: 5)
        extractor.add(text)
        return CopySketch(words: extractor.words[...])
    }

    private let wire = """
        The harbour authority said on Tuesday that the eastern breakwater would close for repairs \
        for six weeks, after winter storms opened a gap near the lighthouse and two fishing boats \
        were damaged at their moorings.
        """

    @Test("the same text is a copy of itself")
    func identical() {
        #expect(sketch(wire).similarity(to: sketch(wire)) == 1)
    }

    @Test("a wire text with a source's tag line added is still nearly the same")
    func taggedCopy() {
        let tagged = wire + " Reporting by the Coastal Desk."
        #expect(sketch(wire).similarity(to: sketch(tagged)) > 0.6)
    }

    @Test("two texts about the same event in different words are not copies")
    func rewritten() {
        let rewritten = """
            Repairs will shut the east breakwater for a month and a half, harbour officials announced, \
            because storms this winter broke through close to the lighthouse and hurt two boats.
            """
        #expect(sketch(wire).similarity(to: sketch(rewritten)) < 0.2)
    }

    @Test("long texts are compared by their smallest sequences only, and still agree")
    func longTexts() {
        let long = String(repeating: wire + " ", count: 1) + (1...60).map { "paragraph \($0) adds words of its own" }.joined(separator: " ")
        let first = sketch(long)
        #expect(first.values.count == CopySketch.capacity)
        #expect(first.similarity(to: sketch(long)) == 1)
        #expect(first.similarity(to: sketch(wire)) < 0.5)
    }

    @Test("an empty text is nobody's copy")
    func empty() {
        #expect(sketch("").isEmpty)
        #expect(sketch("").similarity(to: sketch(wire)) == 0)
    }
}
