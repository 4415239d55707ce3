// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so the main build never compiles them.
// Run: cd Benchmarks/StoreBenchmark && swift run -c release StoreBenchmark [article count] [path to keep the database at]
let package = Package(
    name: "BroadsheetBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [.product(name: "SQLiteStorage", package: "Broadsheet")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
