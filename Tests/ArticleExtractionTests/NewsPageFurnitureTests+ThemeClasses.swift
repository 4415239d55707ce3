import Testing
@testable import ArticleExtraction

/// Class names a theme or a CMS writes that read like furniture but are not: a WordPress
/// post's classes for its tags and categories, a page builder's wrapper whose class says
/// how it scrolls. The article inside must stay, and the comments after it must still go.
extension NewsPageFurnitureTests {
    private func comments(_ count: Int) -> String {
        let comment = """
            <li class="comment depth-1"><div class="the-comment"><div class="comment-author meta"><strong>Reader</strong> \
            12 March 2024 at 10:14</div><div class="comment-text"><p>I live by the river and the water reached our door \
            at two in the morning, so thank you for reporting on what the council plans to do about the bridge and the \
            shelters, because nobody had told us anything before the sirens started.</p></div></div></li>
            """
        return """
            <div id="comments" class="comments-container"><h2>\(count) Comments</h2>\
            <ol class="comment-list">\(String(repeating: comment, count: count))</ol></div>
            """
    }

    /// A WordPress post as a page builder lays it out: the post's classes name its tags,
    /// the row around the text says it does not scroll, the comments follow the post.
    private func builderPost(postClasses: String, rowClasses: String, commentCount: Int) throws -> String {
        try text(of: """
            <main id="main"><section id="content">
            <article id="post-665" class="\(postClasses)"><h1>Valley floods close the old bridge</h1>
            <div class="post-content"><div class="\(rowClasses)"><div class="builder-column"><div class="builder-text">
            \(paragraphs.map { "<p>\($0)</p>" }.joined())
            </div></div></div></div></article>
            \(comments(commentCount))
            </section></main>
            """)
    }

    @Test func keepsAPostWhoseTagsAndRowClassesReadLikeFurniture() throws {
        let text = try builderPost(
            postClasses: "post-665 post type-post status-publish hentry category-comments tag-social-media tag-sponsored",
            rowClasses: "builder-fullwidth nonhundred-percent-fullwidth non-hundred-percent-height-scrolling",
            commentCount: 12)
        expectArticle(text)
        #expect(!text.contains("Comments"))
        #expect(!text.contains("I live by the river"))
    }

    @Test func keepsTheArticleWhenTheCommentsOutweighIt() throws {
        // Twelve comments hold more text than the article: the comments' class still decides.
        let text = try builderPost(postClasses: "post type-post status-publish hentry", rowClasses: "builder-row", commentCount: 12)
        expectArticle(text)
        #expect(!text.contains("I live by the river"))
    }

    @Test func readsTaxonomyClassesAsHintsOnlyOffAPost() {
        // Without a post's own classes, "category-menu" still names a menu.
        let menu = ContentAttempt.unlikelyCandidates.matches(ContentAttempt.hintBytes(Array("category-menu".utf8)[...]))
        #expect(menu)
        let post = ContentAttempt.hintBytes(Array("post hentry status-publish tag-social-media category-comments".utf8)[...])
        let postIsUnlikely = ContentAttempt.unlikelyCandidates.matches(post)
        let postIsNegative = ContentAttempt.negativeHints.matches(post)
        #expect(!postIsUnlikely)
        #expect(!postIsNegative)
    }
}

/// A page builder wraps every paragraph in a "widget"; the site's long appeal closes the post.
extension NewsPageFurnitureTests {
    private func builderWidget(_ inner: String, type: String) -> String {
        """
        <div class="elementor-element elementor-widget elementor-widget-\(type)"><div class="elementor-widget-container">\
        \(inner)</div></div>
        """
    }

    @Test func keepsTheParagraphsAPageBuilderWrapsInWidgets() throws {
        let widgets = paragraphs.map { builderWidget("<div class=\"elementor-text-editor\"><p>\($0)</p></div>", type: "text-editor") }
        let share = builderWidget("<a href=\"https://twitter.example/share\">Tweet</a> <a href=\"https://facebook.example/share\">Share</a>", type: "share-buttons")
        let text = try text(of: """
            <div class="elementor elementor-11210"><div class="elementor-widget-wrap">
            \(builderWidget("<h1>Valley floods close the old bridge</h1>", type: "heading"))\(widgets.joined())\(share)</div></div>
            """)
        expectArticle(text)
        #expect(!text.contains("Tweet"), "a share widget still reads as one")
    }
}
