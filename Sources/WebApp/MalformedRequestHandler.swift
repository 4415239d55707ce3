import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NewsAPI

/// Answers requests the server cannot even parse (a 100 kB URL, a broken header) at the
/// connection, before anything else sees them: a `400` with the same security headers as
/// every page and a sentence saying what was wrong, then the connection closes.
///
/// The request's path is not known at that point, so the answer has the one shape every
/// caller can use: NewsAPI's error JSON (`parameterInvalid`), with the API's CORS headers,
/// which API clients read as they read any refusal and a browser shows as text.
///
/// It sits first among the added channel handlers, below the response compressor, and keeps
/// the parse error from going further: Hummingbird would otherwise write its own bare `400`
/// through the compressor, which expects a request for every response and traps on one it
/// never saw (one malformed request used to stop the whole server).
final class MalformedRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    static let tooLongMessage = "Broadsheet could not read this request: its address and headers are longer than the 80 kB it reads. Send a shorter address or fewer parameters."
    static let malformedMessage = "Broadsheet could not read this request: it is not valid HTTP/1.1. Check the program that sent it."

    /// How long the rest of an unreadable request may keep arriving before the connection closes.
    static let lingering = TimeAmount.seconds(5)

    private var answered = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        let message = parserError == .headerOverflow ? Self.tooLongMessage : Self.malformedMessage
        let body = ByteBuffer(bytes: Self.errorJSON(message: message))
        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8",
            .contentLength: String(body.readableBytes),
            .connection: "close",
            .cacheControl: "no-cache",
            .accessControlAllowOrigin: "*",
            .accessControlExposeHeaders: NewsAPIController.exposedHeaders,
        ]
        SecurityPolicy.apply(to: &headers)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        // The client may still be sending the rest of its request: closing both ways now
        // would reset the connection before it reads the answer. Only the sending side
        // closes; the connection goes when the client closes it, or after a few seconds.
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingering) {
                context.close(promise: nil)
            }
        }
    }

    static func errorJSON(message: String) -> [UInt8] {
        let response = ErrorResponse(code: .parameterInvalid, message: message)
        return (try? OrderedJSONEncoder().encode(response)) ?? Array(#"{"status":"error","code":"parameterInvalid","message":"Broadsheet could not read this request."}"#.utf8)
    }
}
