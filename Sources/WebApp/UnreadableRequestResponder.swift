import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NewsAPI

/// Answers a request the HTTP parser cannot read (an address or headers longer than the
/// parser's 80 kB, or bytes that are not HTTP) with NewsAPI's error JSON, instead of the
/// empty 400 the server would send. The request's path is unknown at that point; the JSON
/// shape is the one API clients can read, and a person's browser never sends such requests.
/// Added to every connection's pipeline after the HTTP decoder, where the parser's error
/// passes on its way to the server.
final class UnreadableRequestResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        let message = switch parserError {
        case .headerOverflow:
            "The request is too long to read: its address and headers may hold at most 80 kB. Send fewer or shorter parameters."
        default:
            "The request could not be read: it is not valid HTTP/1.1. Check the client that sent it."
        }
        let body = ByteBuffer(bytes: Self.errorJSON(message: message))
        var fields: HTTPFields = [
            .contentType: "application/json; charset=utf-8",
            .contentLength: String(body.readableBytes),
            .connection: "close",
            .cacheControl: "no-cache",
            .accessControlAllowOrigin: "*",
            .accessControlExposeHeaders: NewsAPIController.exposedHeaders,
        ]
        fields[.xContentTypeOptions] = "nosniff"
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        // The client may still be sending the rest of its request: closing now would reset
        // the connection (or end it, for clients that give up on a half-closed one) before
        // it reads the answer. The answer says `Connection: close`; the connection goes
        // when the client closes it, or after a few seconds.
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingering) {
            context.close(promise: nil)
        }
    }

    /// How long the rest of an unreadable request may keep arriving before the connection closes.
    static let lingering = TimeAmount.seconds(5)

    static func errorJSON(message: String) -> [UInt8] {
        let response = ErrorResponse(code: .parameterInvalid, message: message)
        return (try? OrderedJSONEncoder().encode(response)) ?? Array(#"{"status":"error","code":"parameterInvalid","message":"The request could not be read."}"#.utf8)
    }
}
