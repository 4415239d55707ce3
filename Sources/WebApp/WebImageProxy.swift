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

    /// The signer keyed with the secret kept in `store` (`storedSecret`), made the first time.
    public static func loadingSecret(from store: any ArticleStore) async throws -> ImageURLSigner {
        ImageURLSigner(secret: try await store.storedSecret(setting: secretSettingKey))
    }
}
