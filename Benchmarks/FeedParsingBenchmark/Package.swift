// swift-tools-version: 6.0
import PackageDescription

// Throughput of Broadsheet's feed parser on the real-world corpus, next to libxml2's bare
// SAX pass over the same bytes (the floor any XML-based parser stands on).
//   swift run -c release FeedParsingBenchmark [corpus directory]
let package = Package(
    name: "FeedParsingBenchmark",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: "../.."),
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .executableTarget(
            name: "FeedParsingBenchmark",
            dependencies: [
                "CLibXML2",
                .product(name: "FeedParsing", package: "Broadsheet"),
                .product(name: "Markup", package: "Broadsheet"),
            ],
        ),
    ],
    swiftLanguageModes: [.v6]
)
