import Foundation
import NewsModel

/// One invented article. Its body is written in a small outline syntax (see `DemoMarkup`)
/// and rendered to simple, always well-formed HTML.
public struct DemoArticle: Sendable, Hashable {
    /// Unique across the whole edition; names the article's images.
    public let slug: String
    public let title: String
    public let author: String
    /// One or two plain-text sentences.
    public let summary: String
    /// The outline source of the body.
    public let body: String

    init(slug: String, title: String, author: String, summary: String, body: String) {
        self.slug = slug
        self.title = title
        self.author = author
        self.summary = summary
        self.body = body
    }

    public var imageName: String { "\(slug).svg" }
    public var figureImageName: String { "\(slug)-figure.svg" }
    public var imageURL: String { DemoEdition.imagePathPrefix + imageName }
    public var figureImageURL: String { DemoEdition.imagePathPrefix + figureImageName }

    var blocks: [DemoMarkup.Block] { DemoMarkup.blocks(in: body) }

    /// True when the body shows a second illustration in a `<figure>`.
    public var hasFigure: Bool {
        blocks.contains { if case .figure = $0 { true } else { false } }
    }

    /// The body as HTML, ending with a line that says the story is invented.
    public func bodyHTML(in source: DemoSource) -> String {
        DemoMarkup.html(for: blocks, figureImageURL: figureImageURL) + "\n" + DemoMarkup.demoNoteHTML(for: source.language)
    }

    /// The body as plain text, one block per paragraph.
    public var bodyText: String { DemoMarkup.plainText(for: blocks) }

    func draft(in source: DemoSource, publishedAt: Date) -> ArticleDraft {
        ArticleDraft(
            guid: "\(DemoEdition.feedURLScheme):\(source.id.rawValue)/\(slug)",
            title: title,
            author: author,
            summary: summary,
            contentHTML: bodyHTML(in: source),
            contentText: bodyText,
            url: "\(source.siteURL)/\(slug)",
            imageURL: imageURL,
            publishedAt: publishedAt,
            language: source.language
        )
    }
}
