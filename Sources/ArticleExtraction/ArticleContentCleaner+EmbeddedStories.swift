import Markup

/// Another article inside the article: a box that pages set between the paragraphs (a fact
/// box's or a sidebar's story, floated beside the text) with a headline and a byline of its
/// own before its paragraphs.
extension ArticleContentCleaner {
    /// A container of its own (not the content) whose first line is a heading and whose
    /// second is a byline ("By Tom Pyman for MailOnline"), holding less than half of the
    /// content's text: a story the page inserts, signed by its own author, not a part of
    /// this one. Only when the content holds one such box: entries of a live blog each open
    /// with a heading and a byline, and they are the article.
    mutating func removeEmbeddedStories(_ content: Int) {
        var stories: [Int] = []
        for box in document.elements(in: content, withTags: Self.embeddedStoryTags) where box != content && document.isInside(box, content) {
            // The outermost such box: a wrapper around one found already holds the same story.
            if let last = stories.last, document.isInside(last, box) { continue }
            guard opensWithHeadlineAndByline(box) else { continue }
            stories.append(box)
            if stories.count > 1 { return }
        }
        guard let story = stories.first, textLength(of: story) * 2 < textLength(of: content) else { return }
        document.remove(story)
    }

    static let embeddedStoryTags: HTMLTagSet = [.div, .aside, .section]

    /// Whether the first two lines of `box` are a heading and a byline, with paragraphs after them.
    func opensWithHeadlineAndByline(_ box: Int) -> Bool {
        let blocks = firstLeafBlocksWithWords(in: box, count: 3)
        guard blocks.count == 3 else { return false }
        let heading = blocks[0], byline = blocks[1]
        guard Self.headingTags.contains(document.tag(heading)), !Self.headingTags.contains(document.tag(byline)),
              let line = line(of: byline, limit: Self.maximumTrailingBylineBytes) else { return false }
        return Self.isBylineLine(line)
    }
}
