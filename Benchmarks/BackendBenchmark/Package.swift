// swift-tools-version: 6.0
import PackageDescription

// Both store backends on the same generated library, measured through the HTTP API of a
// release `broadsheet serve`. Its own package, so the main build never compiles it.
// Run: see Benchmarks/README.md ("BackendBenchmark").
let package = Package(
    name: "BackendBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    ],
    targets: [
        .executableTarget(
            name: "BackendBenchmark",
            dependencies: [
                .product(name: "SQLiteStorage", package: "Broadsheet"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
