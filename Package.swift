// swift-tools-version: 6.0
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Broadsheet",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "broadsheet", targets: ["broadsheet"]),
        .library(name: "NewsAPI", targets: ["NewsAPI", "NewsAPIClient"]),
        // For the benchmarks package in Benchmarks/, which depends on this one by path.
        .library(name: "SQLiteStorage", targets: ["SQLiteStorage", "Storage", "NewsModel"]),
        .library(name: "PostgresStorage", targets: ["PostgresStorage"]),
        // For the benchmark and fuzzing packages, which depend on the parsers alone.
        .library(name: "FeedParsing", targets: ["FeedParsing"]),
        .library(name: "Markup", targets: ["Markup"]),
        .library(name: "ArticleExtraction", targets: ["ArticleExtraction"]),
        .library(name: "LanguageDetection", targets: ["LanguageDetection"]),
        // For the story grouping benchmark.
        .library(name: "Stories", targets: ["Stories"]),
        // For the sync benchmark, which serves the sync APIs on loopback.
        .library(name: "SyncAPIs", targets: ["GoogleReaderAPI", "FeverAPI", "SyncSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Compressed page responses (the same package async-http-client already uses).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // Hashes and HMAC (key secrets, signed tokens): a maintained library, not our own code.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // Password hashing (bcrypt) and sessions.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        // Uploads (multipart/form-data).
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        // The PostgreSQL backend.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // TLS to PostgreSQL (postgres-nio's own dependency, named for its configuration types).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        // The domain's value types: sources, articles, the NewsAPI vocabularies, queries.
        .target(name: "NewsModel", swiftSettings: strictSwift),
        // Bytes to text the way the web does it: encodings, XML and HTML tokenizing,
        // entities, URL resolution, the HTML sanitizer, HTML to plain text.
        .target(name: "Markup", swiftSettings: strictSwift),
        // Feed bytes to ParsedFeed: RSS, Atom, JSON Feed, OPML, dates.
        .target(name: "FeedParsing", dependencies: ["Markup"], swiftSettings: strictSwift),
        // Which language a text is in, from character n-grams (no dependencies). The training
        // text is not compiled: LanguageProfileGenerator turns it into TrainedProfiles+Data.swift.
        .target(name: "LanguageDetection", exclude: ["TrainingText"], swiftSettings: strictSwift),
        // Rebuilds the detector's profiles from its training text (`swift run LanguageProfileGenerator`).
        .executableTarget(name: "LanguageProfileGenerator", dependencies: ["LanguageDetection"], swiftSettings: strictSwift),
        // An article page's HTML to its clean content and metadata (the reader view).
        .target(name: "ArticleExtraction", dependencies: ["Markup"], swiftSettings: strictSwift),
        // Arriving articles grouped into stories, online (pure Swift, no dependencies).
        .target(name: "Stories", swiftSettings: strictSwift),
        // zlib, for response bodies (gzip with several members, deflate) read under a size limit.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // HTTP GET done right: conditional requests, limits, private-address guard.
        .target(
            name: "Fetching",
            dependencies: [
                "Markup", "CZlib",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        // Images of articles, lists and icons fetched on the reader's behalf: signed paths,
        // sniffed bytes, a disk cache with a cap.
        .target(
            name: "ImageProxy",
            dependencies: [
                "Fetching",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        // The ArticleStore and ReaderStore protocols, their query and result types, and the
        // hashing of secrets and passwords.
        .target(
            name: "Storage",
            dependencies: [
                "NewsModel",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            swiftSettings: strictSwift
        ),
        // The checks every ArticleStore and ReaderStore backend must pass, run by each backend's tests
        // with its own store factory (uses the toolchain's Swift Testing).
        .target(name: "ArticleStoreConformance", dependencies: ["Storage", "NewsModel"], swiftSettings: strictSwift),
        // The embedded default backend: SQLite through GRDB, WAL, FTS5.
        .target(
            name: "SQLiteStorage",
            dependencies: ["Storage", "NewsModel", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: strictSwift
        ),
        // The backend for many processes: PostgreSQL through postgres-nio, tsvector search.
        .target(
            name: "PostgresStorage",
            dependencies: [
                "Storage", "NewsModel",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        // fetch, parse, map, store; and the scheduler that runs it.
        .target(
            name: "Refresh",
            dependencies: [
                "NewsModel", "Storage", "Fetching", "FeedParsing", "ArticleExtraction", "Markup", "LanguageDetection",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        // Stored articles placed in stories as they arrive, and their placements recorded.
        .target(
            name: "StoryTracking",
            dependencies: [
                "Stories", "Storage", "NewsModel",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        // The bundled demo edition: fictional sources, articles and their SVG images.
        .target(name: "DemoEdition", dependencies: ["NewsModel", "Storage", "Markup"], swiftSettings: strictSwift),
        // NewsAPI wire types (v2, legacy v1).
        .target(name: "NewsAPI", dependencies: ["NewsModel"], swiftSettings: strictSwift),
        // The client (URLSession) apart, so the server and CLI never load FoundationNetworking
        // and the libcurl it brings: start-up of every command pays for each library loaded.
        .target(name: "NewsAPIClient", dependencies: ["NewsAPI", "NewsModel"], swiftSettings: strictSwift),
        // What the sync APIs share with each other and with the login form: the login throttle,
        // app-password sign-in, and form fields read under size and time limits.
        .target(
            name: "SyncSupport",
            dependencies: [
                "Storage", "NewsModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
        // The Google Reader API (what FreshRSS and Miniflux serve) for reader apps and newsboat.
        .target(
            name: "GoogleReaderAPI",
            dependencies: [
                "SyncSupport", "Storage", "NewsModel", "Refresh",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        // The Fever API, for the older reader apps.
        .target(
            name: "FeverAPI",
            dependencies: [
                "SyncSupport", "Storage", "NewsModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        // WebSub: subscribing to feeds' hubs and taking their signed pushes.
        .target(
            name: "WebSub",
            dependencies: [
                "Storage", "Refresh", "Fetching", "NewsModel", "SyncSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        // The Hummingbird application: the JSON API and the web reader.
        .target(
            name: "WebApp",
            dependencies: [
                "NewsModel", "Storage", "Refresh", "NewsAPI", "Markup", "FeedParsing", "DemoEdition", "ImageProxy",
                "SyncSupport", "GoogleReaderAPI", "FeverAPI", "WebSub",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "broadsheet",
            dependencies: [
                "NewsModel", "Markup", "FeedParsing", "ArticleExtraction", "Fetching", "Storage",
                "SQLiteStorage", "PostgresStorage", "Refresh", "NewsAPI", "WebApp", "LanguageDetection", "Stories", "StoryTracking",
                "ImageProxy", "WebSub",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift,
            // A release build carries the Swift runtime and Foundation inside it: loading and
            // binding them as shared libraries cost a short command (an unchanged refresh) a
            // fifth of its time (Benchmarks/README.md). The modules were compiled against the
            // shared Foundation, whose link entries do not name its static parts, so they are
            // listed (SwiftPM's --static-swift-stdlib gets them by compiling every module again).
            linkerSettings: [.unsafeFlags([
                "-static-stdlib", "-Xlinker", "--start-group", "-lFoundation", "-lFoundationEssentials",
                "-lFoundationInternationalization", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims",
                "-l_FoundationCollections", "-Xlinker", "--end-group",
            ], .when(configuration: .release))]
        ),

        .testTarget(name: "NewsModelTests", dependencies: ["NewsModel"], swiftSettings: strictSwift),
        .testTarget(name: "LanguageDetectionTests", dependencies: ["LanguageDetection"], swiftSettings: strictSwift),
        .testTarget(name: "StoriesTests", dependencies: ["Stories"], swiftSettings: strictSwift),
        .testTarget(
            name: "StoryTrackingTests",
            dependencies: ["StoryTracking", "Stories", "SQLiteStorage", "Storage", "NewsModel"],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "MarkupTests", dependencies: ["Markup"], swiftSettings: strictSwift),
        .testTarget(name: "FeedParsingTests", dependencies: ["FeedParsing", "Markup"], swiftSettings: strictSwift),
        .testTarget(name: "ArticleExtractionTests", dependencies: ["ArticleExtraction", "Markup"], swiftSettings: strictSwift),
        .testTarget(
            name: "RefreshTests",
            dependencies: ["Refresh", "SQLiteStorage", "Storage", "NewsModel", "Fetching", "FeedParsing"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "FetchingTests",
            dependencies: [
                "Fetching",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "ImageProxyTests",
            dependencies: [
                "ImageProxy", "Fetching",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "DemoEditionTests", dependencies: ["DemoEdition", "SQLiteStorage", "Storage", "NewsModel"], swiftSettings: strictSwift),
        .testTarget(name: "StorageTests", dependencies: ["Storage"], swiftSettings: strictSwift),
        .testTarget(
            name: "SQLiteStorageTests",
            dependencies: [
                "SQLiteStorage", "ArticleStoreConformance", "Storage", "NewsModel",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: [
                "PostgresStorage", "SQLiteStorage", "ArticleStoreConformance", "Storage", "NewsModel",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(name: "NewsAPITests", dependencies: ["NewsAPI", "NewsModel"], swiftSettings: strictSwift),
        .testTarget(
            name: "BroadsheetCommandTests",
            dependencies: ["broadsheet", "ArticleExtraction"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "SyncAPITests",
            dependencies: [
                "GoogleReaderAPI", "FeverAPI", "SyncSupport", "SQLiteStorage", "Storage", "NewsModel", "Refresh", "Fetching",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WebSubTests",
            dependencies: [
                "WebSub", "Refresh", "Fetching", "SQLiteStorage", "Storage", "NewsModel",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "WebAppTests",
            dependencies: [
                "Fetching", "FeedParsing", "ImageProxy", "WebSub",
                "WebApp", "SQLiteStorage", "Storage", "NewsModel", "Refresh", "NewsAPI", "NewsAPIClient", "DemoEdition",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
