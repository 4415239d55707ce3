import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// Gives the security headers to the few responses the router never sees: Hummingbird
/// answers a request it cannot parse (a 100 kB URL, a broken header) with a bare `400`
/// straight from the connection. Such an answer gets the same Content-Security-Policy and
/// the other headers as every page, and a line of text saying what was wrong.
final class SecurityHeadersChannelHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    static let malformedRequestText = "Broadsheet could not read this request: its address or headers are too long or malformed. Use a shorter address (no more than a few kilobytes).\n"

    /// Set between the head of a parse-error answer and its end, whose body this adds.
    private var addsExplanation = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var response) where response.headerFields[.contentSecurityPolicy] == nil:
            if response.status == .badRequest, response.headerFields[.contentLength] == "0" {
                addsExplanation = true
                response.headerFields[.contentLength] = String(Self.malformedRequestText.utf8.count)
                response.headerFields[.contentType] = "text/plain; charset=utf-8"
            }
            SecurityPolicy.apply(to: &response.headerFields)
            context.write(wrapOutboundOut(.head(response)), promise: promise)
        case .end(let trailers) where addsExplanation:
            addsExplanation = false
            context.write(wrapOutboundOut(.body(ByteBuffer(string: Self.malformedRequestText))), promise: nil)
            context.write(wrapOutboundOut(.end(trailers)), promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }
}
