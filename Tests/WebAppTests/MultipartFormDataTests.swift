import Testing
@testable import WebApp

struct MultipartFormDataTests {
    private let contentType = "multipart/form-data; boundary=----Boundary7MA4YWxk"

    private func body(_ parts: [String], boundary: String = "----Boundary7MA4YWxk") -> [UInt8] {
        Array((parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n").utf8)
    }

    @Test func readsFieldsAndFilesWithTheirNames() throws {
        let form = try MultipartFormData(body: body([
            "Content-Disposition: form-data; name=\"note\"\r\n\r\nhello",
            "Content-Disposition: form-data; name=\"opml\"; filename=\"feeds.opml\"\r\nContent-Type: text/x-opml\r\n\r\n<opml>\r\n--not-the-boundary\r\n</opml>",
        ]), contentType: contentType)
        #expect(form.parts.count == 2)
        #expect(String(decoding: try #require(form.part(named: "note")).body, as: UTF8.self) == "hello")
        let file = try #require(form.part(named: "opml"))
        #expect(file.fileName == "feeds.opml")
        #expect(String(decoding: file.body, as: UTF8.self) == "<opml>\r\n--not-the-boundary\r\n</opml>")
        #expect(form.part(named: "missing") == nil)
    }

    @Test func findsTheBoundaryQuotedOrNot() {
        #expect(MultipartFormData.boundary(inContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartFormData.boundary(inContentType: "Multipart/Form-Data;boundary=\"a b\"") == "a b")
        #expect(MultipartFormData.boundary(inContentType: "application/x-www-form-urlencoded") == nil)
        #expect(MultipartFormData.boundary(inContentType: "multipart/form-data") == nil)
        #expect(MultipartFormData.boundary(inContentType: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
    }

    @Test func refusesBodiesThatDoNotFollowTheFormat() {
        let unclosed = Array("------Boundary7MA4YWxk\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8)
        #expect(throws: MultipartFormData.Failure.malformed) { try MultipartFormData(body: unclosed, contentType: contentType) }
        #expect(throws: MultipartFormData.Failure.notMultipart) { try MultipartFormData(body: [], contentType: "text/plain") }
        #expect(throws: MultipartFormData.Failure.malformed) { try MultipartFormData(body: Array("junk".utf8), contentType: contentType) }
        let endlessHeader = Array(("------Boundary7MA4YWxk\r\nX: " + String(repeating: "y", count: 10_000)).utf8)
        #expect(throws: MultipartFormData.Failure.malformed) { try MultipartFormData(body: endlessHeader, contentType: contentType) }
        let manyParts = body(Array(repeating: "Content-Disposition: form-data; name=\"a\"\r\n\r\nx", count: MultipartFormData.maximumParts + 1))
        #expect(throws: MultipartFormData.Failure.malformed) { try MultipartFormData(body: manyParts, contentType: contentType) }
    }

    @Test func randomBytesAroundBoundariesNeverTrapOrHang() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("------Boundary7MA4YWxk".utf8), Array("\r\n".utf8), Array("--".utf8),
            Array("Content-Disposition: form-data; name=\"opml\"".utf8), Array("\r\n\r\n".utf8), [0, 255, 13], Array("x".utf8),
        ]
        for _ in 0..<2_000 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                body += pieces.randomElement(using: &generator) ?? []
            }
            if let form = try? MultipartFormData(body: body, contentType: contentType) {
                #expect(form.parts.count <= MultipartFormData.maximumParts)
            }
        }
    }
}
