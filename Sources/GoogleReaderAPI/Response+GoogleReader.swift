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

    /// An Atom document (`/reader/atom/…`).
    static func atom(_ document: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/atom+xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document))
        )
    }
}
