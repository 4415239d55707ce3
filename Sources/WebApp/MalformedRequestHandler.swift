import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers requests the server cannot even parse (a 100 kB URL, a broken header) at the
/// connection, before anything else sees them: a `400` with the same security headers as
/// every page and a line saying what was wrong, then the connection closes.
///
/// It sits first among the added channel handlers, below the response compressor, and keeps
/// the parse error from going further: Hummingbird would otherwise write its own bare `400`
/// through the compressor, which expects a request for every response and traps on one it
/// never saw (one malformed request used to stop the whole server).
final class MalformedRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    static let malformedRequestText = "Broadsheet could not read this request: its address or headers are too long or malformed. Use a shorter address (no more than a few kilobytes).\n"

    private var answered = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !answered else { return }
        answered = true
        var headers: HTTPFields = [
            .contentType: "text/plain; charset=utf-8",
            .contentLength: String(Self.malformedRequestText.utf8.count),
            .connection: "close",
        ]
        SecurityPolicy.apply(to: &headers)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: .badRequest, headerFields: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(ByteBuffer(string: Self.malformedRequestText))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
