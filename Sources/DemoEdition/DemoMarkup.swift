import Markup
import NewsModel

/// The outline syntax demo bodies are written in, and its rendering to HTML and plain text.
/// Writing the stories in this form keeps the Swift literals readable and makes every body
/// well-formed by construction: all text is escaped here, in one place.
///
/// Blocks are separated by a blank line:
/// - `## Heading` is a subheading (`<h2>`);
/// - `> text` is a quotation (`<blockquote>`), possibly over several `> ` lines;
/// - lines that all start with `- ` are a bulleted list;
/// - `[figure] caption` is the article's second illustration with that caption;
/// - anything else is a paragraph; its lines are joined with spaces.
/// Inside text, `*words*` is emphasis.
enum DemoMarkup {
    enum Block: Hashable {
        case paragraph(String)
        case heading(String)
        case quotation(String)
        case list([String])
        case figure(caption: String)
    }

    static func blocks(in outline: String) -> [Block] {
        var blocks: [Block] = []
        var chunk: [String] = []
        func flush() {
            if let block = block(from: chunk) { blocks.append(block) }
            chunk.removeAll()
        }
        for line in outline.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { flush() } else { chunk.append(trimmed) }
        }
        flush()
        return blocks
    }

    private static func block(from lines: [String]) -> Block? {
        guard let first = lines.first else { return nil }
        if first.hasPrefix("## ") {
            return .heading(joined(lines, dropping: "## "))
        }
        if first.hasPrefix("[figure] ") {
            return .figure(caption: joined(lines, dropping: "[figure] "))
        }
        if lines.allSatisfy({ $0.hasPrefix("> ") }) {
            return .quotation(joined(lines, dropping: "> "))
        }
        if lines.allSatisfy({ $0.hasPrefix("- ") }) {
            return .list(lines.map { String($0.dropFirst(2)) })
        }
        return .paragraph(lines.joined(separator: " "))
    }

    private static func joined(_ lines: [String], dropping marker: String) -> String {
        lines.map { $0.hasPrefix(marker) ? String($0.dropFirst(marker.count)) : $0 }.joined(separator: " ")
    }

    static func html(for blocks: [Block], figureImageURL: String) -> String {
        blocks.map { block in
            switch block {
            case .paragraph(let text):
                "<p>\(inlineHTML(text))</p>"
            case .heading(let text):
                "<h2>\(inlineHTML(text))</h2>"
            case .quotation(let text):
                "<blockquote><p>\(inlineHTML(text))</p></blockquote>"
            case .list(let items):
                "<ul>" + items.map { "<li>\(inlineHTML($0))</li>" }.joined() + "</ul>"
            case .figure(let caption):
                "<figure><img src=\"\(escaped(figureImageURL))\" alt=\"\" width=\"640\" height=\"360\" />"
                    + "<figcaption>\(inlineHTML(caption))</figcaption></figure>"
            }
        }.joined(separator: "\n")
    }

    static func plainText(for blocks: [Block]) -> String {
        blocks.map { block in
            switch block {
            case .paragraph(let text), .heading(let text), .quotation(let text):
                plain(text)
            case .list(let items):
                items.map { "• " + plain($0) }.joined(separator: "\n")
            case .figure(let caption):
                plain(caption)
            }
        }.joined(separator: "\n\n")
    }

    /// The closing line of every demo body, in the source's language.
    static func demoNoteHTML(for language: Language) -> String {
        let note = switch language {
        case .fr: "Cet article fait partie de l’édition de démonstration de Broadsheet : les personnes, les lieux et les événements sont imaginaires."
        default: "This article is part of Broadsheet’s demo edition: its people, places and events are invented."
        }
        return "<p class=\"demo-note\"><em>\(escaped(note))</em></p>"
    }

    /// Escapes the text and turns `*words*` into emphasis (a lone asterisk stays as it is).
    static func inlineHTML(_ text: String) -> String {
        let parts = text.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count % 2 == 1 else { return escaped(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? "<em>\(escaped(String(part)))</em>" : escaped(String(part))
        }.joined()
    }

    private static func plain(_ text: String) -> String {
        let parts = text.split(separator: "*", omittingEmptySubsequences: false)
        return parts.count % 2 == 1 ? parts.joined() : text
    }

    static func escaped(_ text: String) -> String {
        MarkupEscaping.escape(text)
    }
}

fileprivate extension Substring {
    func trimmingWhitespace() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
