/// A file the app serves from memory: bytes compiled into the binary (or drawn at start),
/// with an ETag from their content so browsers can revalidate cheaply.
struct StaticAsset: Sendable {
    let path: String
    let contentType: String
    let bytes: [UInt8]
    /// A short content hash, used as the ETag and as the `?v=` of versioned links.
    let version: String

    init(path: String, contentType: String, bytes: [UInt8]) {
        self.path = path
        self.contentType = contentType
        self.bytes = bytes
        version = Self.fingerprint(bytes)
    }

    init(path: String, contentType: String, text: String) {
        self.init(path: path, contentType: contentType, bytes: Array(text.utf8))
    }

    var etag: String { "\"\(version)\"" }

    /// The path with its version, for links that may be cached for a year.
    var versionedPath: String { "\(path)?v=\(version)" }

    /// FNV-1a, 64 bits: enough to tell two versions of a file apart.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Every static file the app serves.
enum StaticAssets {
    static let styleSheet = StaticAsset(path: "/static/broadsheet.css", contentType: "text/css; charset=utf-8", text: StyleSheet.css + SourceInsightStyle.css)
    static let script = StaticAsset(path: "/static/broadsheet.js", contentType: "text/javascript; charset=utf-8", text: EnhancementScript.source)
    static let iconSVG = StaticAsset(path: "/icons/icon.svg", contentType: "image/svg+xml", text: AppIcon.svg())
    static let maskableIconSVG = StaticAsset(path: "/icons/icon-maskable.svg", contentType: "image/svg+xml", text: AppIcon.svg(fullBleed: true))
    static let icon192 = StaticAsset(path: "/icons/icon-192.png", contentType: "image/png", bytes: AppIcon.png(size: 192, fullBleed: false))
    static let icon512 = StaticAsset(path: "/icons/icon-512.png", contentType: "image/png", bytes: AppIcon.png(size: 512, fullBleed: false))
    static let maskableIcon512 = StaticAsset(path: "/icons/icon-maskable-512.png", contentType: "image/png", bytes: AppIcon.png(size: 512, fullBleed: true))
    static let appleTouchIcon = StaticAsset(path: "/icons/apple-touch-icon.png", contentType: "image/png", bytes: AppIcon.png(size: 180, fullBleed: true))
    static let favicon = StaticAsset(path: "/favicon.ico", contentType: "image/png", bytes: AppIcon.png(size: 32, fullBleed: false))
    static let manifest = StaticAsset(path: "/manifest.webmanifest", contentType: "application/manifest+json", text: WebManifest.json)

    /// At the root, so that it may look after every page.
    static let serviceWorker = StaticAsset(
        path: "/sw.js", contentType: "text/javascript; charset=utf-8",
        text: ServiceWorkerScript.source(
            assetPaths: [styleSheet, script, iconSVG, icon192, appleTouchIcon].map(\.versionedPath),
            offlinePath: "/offline"
        )
    )

    static var all: [StaticAsset] {
        [styleSheet, script, iconSVG, maskableIconSVG, icon192, icon512, maskableIcon512, appleTouchIcon, favicon, manifest, serviceWorker]
    }
}
