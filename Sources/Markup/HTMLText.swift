/// Plain text from an HTML fragment, the way a person reads it: block elements on their
/// own lines, `<br>` a line break, white space collapsed, scripts and styles dropped.
public enum HTMLText {
    public static func plainText(fromHTML html: String) -> String {
        let document = HTMLDocument(parsing: html)
        return document.plainText(of: 0)
    }
}
