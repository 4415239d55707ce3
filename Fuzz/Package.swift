// swift-tools-version: 6.0
import PackageDescription

// libFuzzer target for the feed parser (XML tokenizer, encodings, mapping, sanitizer, JSON):
//   swift build -c release -Xswiftc -sanitize=fuzzer,address
//   .build/release/FeedParserFuzzer -max_total_time=600 -max_len=65536 -rss_limit_mb=2048
let package = Package(
    name: "BroadsheetFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Broadsheet", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "FeedParserFuzzer",
            dependencies: [
                .product(name: "FeedParsing", package: "Broadsheet"),
                .product(name: "Markup", package: "Broadsheet"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
