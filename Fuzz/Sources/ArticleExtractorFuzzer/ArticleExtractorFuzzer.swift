import ArticleExtraction
import Markup

/// libFuzzer entry point for the HTML side: any bytes through the tokenizer, the tree
/// builder (with a small depth cap, so deep nesting is reached quickly), the serializer,
/// plain text, and the whole article extractor. Every call must return; crashes, hangs
/// and leaks are the findings.
func fuzzArticleExtractor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for token in HTMLTokenizer(bytes) {
        _ = token.text
        for attribute in token.attributes { _ = attribute.value }
    }
    let document = HTMLDocument(parsing: bytes, maximumDepth: 16, keepingComments: true)
    _ = document.html(of: document.htmlElement)
    _ = document.plainText(of: document.body)
    let article = try? ArticleExtractor().extract(html: bytes, url: "https://example.com/a/b", contentType: size % 2 == 0 ? "text/html; charset=koi8-r" : nil)
    if let article, article.html.lowercased().contains("<script") {
        // The reader view must never carry a script: make libFuzzer report it.
        fatalError("a script survived extraction")
    }
    return 0
}
