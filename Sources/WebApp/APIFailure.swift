import HTTPTypes
import Hummingbird
import NewsAPI

/// A NewsAPI error: the HTTP status and the `{"status":"error",…}` body.
struct APIFailure: Error, Sendable {
    let status: HTTPResponse.Status
    let code: ErrorCode
    let message: String
    /// Extra headers, such as `Retry-After` on `rateLimited`.
    var headers: HTTPFields = [:]

    init(status: HTTPResponse.Status = .badRequest, code: ErrorCode, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    func response() -> Response {
        var response = Response.json(ErrorResponse(code: code, message: message), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    static func invalid(_ message: String) -> APIFailure {
        APIFailure(code: .parameterInvalid, message: message)
    }
}

extension Response {
    /// JSON written in the documented key order.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let body: [UInt8]
        do {
            body = try OrderedJSONEncoder().encode(value)
        } catch {
            body = Array(#"{"status":"error","code":"unexpectedError","message":"The response could not be encoded; try again."}"#.utf8)
        }
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}
