import Markup

/// Takes the site name and section trail off a document title ("Headline | Site",
/// "Site: Headline", "Site » Section » Headline"), keeping the headline.
enum TitleCleaner {
    private static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    private static let hierarchicalSeparators: Set<Character> = ["\\", "/", ">", "»"]

    static func clean(_ original: String, document: HTMLDocument) -> String {
        let title = original.collapsingWhitespace()
        var result = title
        var hadHierarchicalSeparators = false
        let words = title.split(separator: " ")
        // " sep " positions: a separator word between spaces.
        let separatorIndices = words.indices.filter { index in
            words[index].count == 1 && words[index].first.map(separators.contains) == true
        }
        if let last = separatorIndices.last, separatorIndices.first != nil {
            hadHierarchicalSeparators = separatorIndices.contains { words[$0].first.map(hierarchicalSeparators.contains) == true }
            result = words[..<last].joined(separator: " ")
            if result.wordCount < 3, let first = separatorIndices.first {
                result = words[(first + 1)...].joined(separator: " ")
            }
        } else if title.contains(": ") {
            let headings = document.elements(in: document.body, withTags: [.h1, .h2]).map {
                document.textContent($0).collapsingWhitespace()
            }
            if !headings.contains(title) {
                let parts = title.components(separatedBy: ": ")
                result = parts.last ?? title
                if result.wordCount < 3, parts.count > 1 {
                    result = parts.dropFirst().joined(separator: ": ")
                } else if let first = parts.first, first.wordCount > 5 {
                    result = title
                }
            }
        } else if title.count > 150 || title.count < 15 {
            let headings = document.elements(in: document.body, withTags: [.h1])
            if headings.count == 1, let heading = headings.first {
                result = document.textContent(heading).collapsingWhitespace()
            }
        }
        result = result.collapsingWhitespace()
        let resultWords = result.wordCount
        let originalWordsWithoutSeparators = words.filter { !($0.count == 1 && $0.first.map(separators.contains) == true) }.count
        if resultWords <= 4, !hadHierarchicalSeparators || resultWords != originalWordsWithoutSeparators - 1 {
            result = title
        }
        return result
    }
}
