import Foundation
import Hummingbird

extension Response {
    /// A plain-text answer (`OK`, the login lines, the edit token).
    static func text(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// A JSON answer, slashes unescaped as the reference servers write them.
    static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// A page of items, written by `GoogleReaderJSONWriter` (the large answers of a sync).
    static func json(_ contents: GoogleReaderStreamContents) -> Response {
        let estimate = contents.items.reduce(512) { $0 + 600 + $1.summary.content.utf8.count }
        var writer = GoogleReaderJSONWriter(capacity: estimate)
        writer.write(contents)
        return jsonBytes(writer.bytes)
    }

    /// A page of item ids, written by `GoogleReaderJSONWriter`.
    static func json(_ references: GoogleReaderItemReferences) -> Response {
        var writer = GoogleReaderJSONWriter(capacity: 128 + references.itemRefs.count * 72)
        writer.write(references)
        return jsonBytes(writer.bytes)
    }

    private static func jsonBytes(_ bytes: [UInt8]) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    /// An Atom document (`/reader/atom/…`).
    static func atom(_ document: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/atom+xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document))
        )
    }
}
