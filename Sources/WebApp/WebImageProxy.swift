import ImageProxy
import Storage

/// The image proxy as the pages use it: the signer that turns an image's address into a
/// `/images/…` path on this server, and the proxy that serves those paths
/// (`ImageProxyController`). When the configuration has one, every image a page shows goes
/// through it and the pages' Content-Security-Policy allows images from this origin only.
public struct WebImageProxy: Sendable {
    public let signer: ImageURLSigner
    public let proxy: ImageProxy

    public init(signer: ImageURLSigner, proxy: ImageProxy) {
        self.signer = signer
        self.proxy = proxy
    }
}

extension ImageURLSigner {
    /// The setting that keeps the signing secret (64 hex characters) across restarts, so the
    /// image paths in pages and offline copies stay valid, and every process sharing a
    /// database signs alike.
    public static let secretSettingKey = "web.image-proxy-secret"

    /// The signer keyed with the secret kept in `store`, creating and saving one the first
    /// time (two processes starting together agree on whichever was saved last).
    public static func loadingSecret(from store: any ArticleStore) async throws -> ImageURLSigner {
        if let stored = try await store.setting(secretSettingKey), let secret = CSRFProtection.bytes(fromHex: stored), secret.count >= 32 {
            return ImageURLSigner(secret: secret)
        }
        let fresh = randomSecret()
        try await store.setSetting(secretSettingKey, to: CSRFProtection.hex(fresh))
        let readBack = try await store.setting(secretSettingKey).flatMap(CSRFProtection.bytes(fromHex:))
        return ImageURLSigner(secret: readBack.flatMap { $0.count >= 32 ? $0 : nil } ?? fresh)
    }
}
