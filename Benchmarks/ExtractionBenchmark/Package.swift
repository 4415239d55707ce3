// swift-tools-version: 6.0
import PackageDescription

// Throughput of the HTML tokenizer and the article extractor on saved pages, in memory,
// release build: `swift run -c release ExtractionBenchmark [DIRECTORY...]`.
let package = Package(
    name: "ExtractionBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "ExtractionBenchmark",
            dependencies: [
                .product(name: "Markup", package: "Broadsheet"),
                .product(name: "ArticleExtraction", package: "Broadsheet"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
