import ArgumentParser
import Fetching
import Foundation
import ImageProxy
import Logging
import Storage
import WebApp

/// `serve`'s options for the image proxy: on unless turned off, with a disk cache.
struct ImageProxyOptions: ParsableArguments {
    @Flag(name: .customLong("no-image-proxy"), help: ArgumentHelp(
        "Show images from their own sites instead of through Broadsheet. Opening a page then contacts every site whose pictures it shows."
    ))
    var noImageProxy = false

    @Option(name: .customLong("image-cache"), help: ArgumentHelp(
        "The folder that keeps images fetched for the pages (default: $XDG_CACHE_HOME/broadsheet/images, ~/.cache/broadsheet/images).",
        valueName: "path"
    ))
    var imageCache: String?

    @Option(name: .customLong("image-cache-size"), help: ArgumentHelp("The most the image folder may hold, in MB; the least recently shown go first.", valueName: "MB"))
    var imageCacheSize = 512

    func validate() throws {
        guard imageCacheSize >= 1 else { throw ValidationError("--image-cache-size must be at least 1 (MB).") }
    }

    /// Where the images are kept when `--image-cache` is not given: the per-user cache directory.
    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let cacheHome: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cacheHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            cacheHome = home + "/.cache"
        }
        return cacheHome + "/broadsheet/images"
    }

    /// The proxy for the pages, nil when turned off. Fetches with `fetcher`, so images get the
    /// same private-address guard and time limit as feeds.
    func makeProxy(store: any ArticleStore, fetcher: any HTTPFetching, logger: Logger) async throws -> WebImageProxy? {
        guard !noImageProxy else {
            logger.notice("The image proxy is off (--no-image-proxy): pages load pictures from their own sites.")
            return nil
        }
        let path = imageCache ?? Self.defaultDirectory()
        var cache: ImageDiskCache?
        do {
            cache = try ImageDiskCache(directory: URL(fileURLWithPath: path, isDirectory: true), capacityBytes: imageCacheSize * 1_048_576)
        } catch where imageCache == nil {
            // The default folder (a home without a cache directory, say): images still go
            // through Broadsheet, fetched again when asked again.
            logger.warning("The image folder \(path) could not be created (\(error.localizedDescription)); images are not kept on disk. Choose a folder with --image-cache.")
        } catch {
            throw CommandFailure("The image folder \(path) could not be created (\(error.localizedDescription)); choose another with --image-cache.")
        }
        let signer = try await ImageURLSigner.loadingSecret(from: store)
        let proxy = ImageProxy(fetcher: fetcher, cache: cache, logger: Logger(label: "broadsheet.images"))
        return WebImageProxy(signer: signer, proxy: proxy)
    }
}
