// swift-tools-version: 6.0
import PackageDescription

// The sync benchmark: a reader app's whole sync of 10 000 unread items over loopback, against
// the sync APIs served by Hummingbird on a SQLite library. Its own package, so the main build
// never compiles it. Run: cd Benchmarks/SyncBenchmark && swift run -c release SyncBenchmark
let package = Package(
    name: "BroadsheetSyncBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "SyncBenchmark",
            dependencies: [
                .product(name: "SyncAPIs", package: "Broadsheet"),
                .product(name: "SQLiteStorage", package: "Broadsheet"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
