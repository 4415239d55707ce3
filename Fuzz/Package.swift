// swift-tools-version: 6.0
import PackageDescription

// libFuzzer target for the feed parser (XML tokenizer, encodings, mapping, sanitizer, JSON):
//   swift build -c release -Xswiftc -sanitize=fuzzer,address
//   mkdir -p corpus && .build/release/FeedParserFuzzer corpus -max_total_time=600 -max_len=20000 -len_control=0 -timeout=10
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
            ],
            // gold crashes linking ASan-instrumented Swift here; lld links it.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
