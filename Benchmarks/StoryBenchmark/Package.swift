// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live in their own package so the main build never compiles them.
// Run: cd Benchmarks/StoryBenchmark && swift run -c release StoryBenchmark [--articles N] [--window-hours H]
let package = Package(
    name: "StoryBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "StoryBenchmark",
            dependencies: [.product(name: "Stories", package: "Broadsheet")]
        ),
        .executableTarget(
            name: "StoryQuality",
            dependencies: [.product(name: "Stories", package: "Broadsheet")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
