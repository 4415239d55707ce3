// swift-tools-version: 6.0
import PackageDescription

// The load test's library generator, in its own package so the main build never compiles it.
// Run the whole load test with scripts/load-test.sh (see Benchmarks/README.md).
let package = Package(
    name: "BroadsheetLoadTest",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "LoadLibrary",
            dependencies: [.product(name: "SQLiteStorage", package: "Broadsheet")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
