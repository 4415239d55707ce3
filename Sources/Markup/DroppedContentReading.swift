extension HTMLSanitizer {
    /// How the sanitizer finds the content it drops with `script`, `style` and `applet`.
    /// Either way nothing of those elements is written: the readings differ only in which
    /// text around them is dropped too.
    public enum DroppedContentReading: Sendable {
        /// As a browser reads it: a script's or a style's content is raw text up to its own end
        /// tag, and an end tag with no start tag ends nothing. What people read gets this, so a
        /// stray `</script>` in broken embed code hides no article text.
        case browser
        /// As feedparser reads it, for the result that stands in for feedparser's (its SGML
        /// parser knows no raw text): the content of every element is markup, each start tag of
        /// `script`, `style` or `applet` counts one up and each end tag one down, and text is
        /// written only while the count is zero. So a stray end tag hides the text after it
        /// until the next start tag, and a script's code shows as text after such a pair.
        /// Character references, comments and allowed elements are written whatever the count,
        /// as feedparser writes them: its count gates character data only.
        case feedparser
    }
}
