// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for the feed parser (XML tokenizer, encodings, mapping, sanitizer, JSON)
// and for the HTML tokenizer, tree builder and article extractor:
//   swift build -c release -Xswiftc -sanitize=fuzzer,address
//   (both targets link with lld: ld.gold crashes linking the sanitized binaries here)
//   mkdir -p corpus && .build/release/FeedParserFuzzer corpus -max_total_time=600 -max_len=20000 -len_control=0 -timeout=10
//   .build/release/ArticleExtractorFuzzer -max_total_time=600 -max_len=65536 -rss_limit_mb=2048
// and the resource fuzzers (a finding is an input over its time or memory bound):
//   .build/release/FeedParserResourceFuzzer corpus-feed -dict=feed.dict -max_len=65536 -timeout=60
//   .build/release/HTMLSanitizerResourceFuzzer corpus-html -dict=html.dict -max_len=65536 -timeout=60
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
        .executableTarget(
            name: "ArticleExtractorFuzzer",
            dependencies: [
                .product(name: "ArticleExtraction", package: "Broadsheet"),
                .product(name: "Markup", package: "Broadsheet"),
            ],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
        // The resource fuzzers: time and memory per input held to a bound proportional to its size.
        .target(name: "ResourceMeasurement"),
        .executableTarget(
            name: "FeedParserResourceFuzzer",
            dependencies: ["ResourceMeasurement", .product(name: "FeedParsing", package: "Broadsheet")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
        .executableTarget(
            name: "HTMLSanitizerResourceFuzzer",
            dependencies: ["ResourceMeasurement", .product(name: "Markup", package: "Broadsheet")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
