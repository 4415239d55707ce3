import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Refresh
import Storage

/// The callback address hubs talk to, `/websub/<callback id>` (WebSub §5.3 and §8):
///
/// - `GET` is the hub's verification of intent. The challenge is echoed only when a request
///   Broadsheet sent for exactly that topic is outstanding at that callback; anything else
///   (an unknown callback, another topic, an unsubscription Broadsheet never asks for) is
///   404 and changes nothing. `hub.mode=denied` records the hub's refusal, so the feed is
///   polled.
/// - `POST` is a delivery. Its body (at most `maximumDeliveryBytes`) must carry an
///   `X-Hub-Signature` made with the secret Broadsheet gave that subscription: unsigned or
///   mis-signed content is refused (403) and nothing of it is stored. Signed content is read
///   as a feed and stored like a fetch's articles; a body that is not a feed (a "ping")
///   makes Broadsheet fetch the feed now instead.
///
/// The path is public: no login, no form token (`CSRFProtection.exemptPathPrefixes`); the
/// host guard still applies, and `--public-url`'s host is one it allows.
public struct PushCallbackController: Sendable {
    let store: any PushSubscriptionStore
    let refresher: FeedRefresher
    let configuration: PushConfiguration
    let clock: @Sendable () -> Date
    let logger: Logger

    public init(
        store: any PushSubscriptionStore, refresher: FeedRefresher, configuration: PushConfiguration,
        clock: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "broadsheet.websub")
    ) {
        self.store = store
        self.refresher = refresher
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
    }

    /// The longest `hub.challenge` echoed; hubs send a few dozen characters.
    static let maximumChallengeBytes = 1_024

    public func register<Context: RequestContext>(on router: Router<Context>) {
        let path = RouterPath(PushConfiguration.callbackPathPrefix + ":callbackID")
        router.get(path) { request, context in
            await verify(request, callbackID: context.parameters.get("callbackID") ?? "")
        }
        router.post(path) { request, context in
            await deliver(request, callbackID: context.parameters.get("callbackID") ?? "")
        }
    }

    /// A callback id as Broadsheet makes them: 32 lower-case hexadecimal digits.
    static func isWellFormed(_ callbackID: String) -> Bool {
        callbackID.utf8.count == 32 && callbackID.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    // MARK: Verification of intent

    func verify(_ request: Request, callbackID: String) async -> Response {
        guard Self.isWellFormed(callbackID) else { return Self.text("No such subscription.", status: .notFound) }
        let query = CallbackQuery(request.uri.query ?? "")
        guard let mode = query["hub.mode"], let topic = query["hub.topic"] else {
            return Self.text("A verification needs hub.mode and hub.topic.", status: .badRequest)
        }
        let now = clock()
        do {
            switch mode {
            case "subscribe":
                guard let challenge = query["hub.challenge"], !challenge.isEmpty, challenge.utf8.count <= Self.maximumChallengeBytes else {
                    return Self.text("A verification needs a hub.challenge of at most \(Self.maximumChallengeBytes) bytes.", status: .badRequest)
                }
                let granted = query["hub.lease_seconds"].flatMap { Int($0) }.map { min(max($0, 1), 10 * 365 * 86_400) }
                let lease = configuration.lease(granted: granted, at: now)
                guard try await store.confirmPushSubscription(
                    callbackID: callbackID, topic: topic, leaseExpiresAt: lease.expiresAt, renewAt: lease.renewAt, at: now
                ) else {
                    logger.notice("refused a verification for a subscription not asked for", metadata: ["topic": "\(topic)"])
                    return Self.text("No subscription to this topic was asked for here.", status: .notFound)
                }
                logger.info("the hub verified a subscription", metadata: ["topic": "\(topic)", "lease.ends": "\(lease.expiresAt)"])
                return Self.text(challenge, status: .ok)
            case "denied":
                let reason = query["hub.reason"].map { String($0.prefix(300)) } ?? "no reason given"
                let retryAt = now.addingTimeInterval(86_400)
                guard try await store.recordPushDenial(
                    callbackID: callbackID, topic: topic, reason: "The hub refused the subscription: \(reason)", retryAt: retryAt
                ) else {
                    return Self.text("No such subscription.", status: .notFound)
                }
                logger.warning("the hub denied a subscription; the feed is polled", metadata: ["topic": "\(topic)", "reason": "\(reason)"])
                return Self.text("Noted.", status: .ok)
            default:
                // Broadsheet never asks to unsubscribe: a lease it no longer wants runs out.
                return Self.text("No such request was made here.", status: .notFound)
            }
        } catch {
            logger.error("could not check a verification", metadata: ["error": "\(error)"])
            return Self.text("The server could not check this request; try again later.", status: .internalServerError)
        }
    }

    // MARK: Content distribution

    func deliver(_ request: Request, callbackID: String) async -> Response {
        guard Self.isWellFormed(callbackID) else { return Self.text("No such subscription.", status: .notFound) }
        let limit = configuration.maximumDeliveryBytes
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            return Self.text("Deliveries are limited to \(limit) bytes.", status: .contentTooLarge)
        }
        do {
            guard let subscription = try await store.pushSubscription(callbackID: callbackID),
                  let source = try await store.source(subscription.sourceID) else {
                return Self.text("No such subscription.", status: .notFound)
            }
            let body: [UInt8]
            do {
                body = Array(buffer: try await request.body.collect(upTo: limit))
            } catch {
                return Self.text("Deliveries are limited to \(limit) bytes.", status: .contentTooLarge)
            }
            do throws(HubSignature.Failure) {
                let header = Self.signatureField.flatMap { request.headers[$0] }
                try HubSignature.verify(header: header, body: body, secret: subscription.secret)
            } catch {
                logger.warning("refused a delivery", metadata: ["feed.id": "\(source.id)", "reason": "\(error.description)"])
                return Self.text("Refused: \(error.description).", status: .forbidden)
            }
            let now = clock()
            try await store.recordPushDelivery(callbackID: callbackID, at: now)
            let contentType = request.headers[.contentType]
            if let report = await refresher.applyPushedContent(body, contentType: contentType, topicURL: subscription.topicURL, to: source, now: now) {
                logger.info("stored pushed content", metadata: ["feed.id": "\(source.id)", "outcome": "\(report.outcome)"])
            } else {
                // A notification without a feed in it: fetch the feed now, outside this request.
                logger.info("the hub sent a notification without content; fetching the feed", metadata: ["feed.id": "\(source.id)"])
                let refresher = refresher
                Task { _ = await refresher.refresh(source) }
            }
            return Response(status: .noContent)
        } catch {
            logger.error("could not take a delivery", metadata: ["error": "\(error)"])
            return Self.text("The server could not take this delivery; send it again later.", status: .internalServerError)
        }
    }

    /// HTTPTypes has no constant for it; the initialiser only fails for invalid names.
    static let signatureField = HTTPField.Name("X-Hub-Signature")

    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
