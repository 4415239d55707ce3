import Markup
/// A piece of HTML that is safe to send: literal markup written in the source, plus
/// interpolated values that are escaped unless they are labelled `raw:` (trusted markup
/// such as sanitized article content) or are themselves `HTML`.
///
/// ```swift
/// let title = "<script>"
/// let page: HTML = "<h1>\(title)</h1>"   // <h1>&lt;script&gt;</h1>
/// ```
public struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public private(set) var rendered: String

    public init(stringLiteral literal: String) {
        rendered = literal
    }

    public init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.rendered
    }

    /// Markup the caller vouches for (already sanitized or built by Broadsheet itself).
    public init(trusted markup: String) {
        rendered = markup
    }

    /// Text escaped for use anywhere in an element's content or a quoted attribute.
    public init(escaping text: String) {
        rendered = HTML.escape(text)
    }

    public static let empty = HTML(stringLiteral: "")

    public var description: String { rendered }

    public static func + (lhs: HTML, rhs: HTML) -> HTML {
        HTML(trusted: lhs.rendered + rhs.rendered)
    }

    public static func += (lhs: inout HTML, rhs: HTML) {
        lhs.rendered += rhs.rendered
    }

    /// Escapes the five characters that matter in text and in quoted attributes.
    public static func escape(_ text: String) -> String {
        MarkupEscaping.escape(text)
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) {
            rendered += literal
        }

        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) {
            rendered += HTML.escape(text)
        }

        /// Optional text: escaped, nothing for nil.
        public mutating func appendInterpolation(_ text: String?) {
            if let text { rendered += HTML.escape(text) }
        }

        public mutating func appendInterpolation(_ number: Int) {
            rendered += String(number)
        }

        /// Markup that is already safe.
        public mutating func appendInterpolation(_ html: HTML) {
            rendered += html.rendered
        }

        public mutating func appendInterpolation(_ fragments: [HTML]) {
            for fragment in fragments { rendered += fragment.rendered }
        }

        /// Trusted markup, inserted as it is. The label makes every such place visible in review.
        public mutating func appendInterpolation(raw markup: String) {
            rendered += markup
        }
    }
}
