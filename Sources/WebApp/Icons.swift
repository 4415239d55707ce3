/// Small line icons drawn for Broadsheet (24-unit grid, current colour), for buttons whose
/// words are in their label and for the navigation on phones.
enum Icons {
    private static func icon(_ paths: String, filled: Bool = false) -> HTML {
        let paint = filled ? "fill=\"currentColor\" stroke=\"currentColor\"" : "fill=\"none\" stroke=\"currentColor\""
        return HTML(trusted: "<svg class=\"icon\" viewBox=\"0 0 24 24\" \(paint) stroke-width=\"1.8\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">\(paths)</svg>")
    }

    /// Marks read: a ticked circle.
    static let read = icon("<circle cx=\"12\" cy=\"12\" r=\"8.5\"/><path d=\"m8.5 12.2 2.4 2.4 4.8-5\"/>")
    /// Marks unread: a dot in a circle.
    static let unread = icon("<circle cx=\"12\" cy=\"12\" r=\"8.5\"/><circle cx=\"12\" cy=\"12\" r=\"3\" fill=\"currentColor\"/>")
    private static let starPath = "<path d=\"m12 3.6 2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z\"/>"
    static let star = icon(starPath)
    static let starFilled = icon(starPath, filled: true)
    static let sources = icon("<rect x=\"4\" y=\"4\" width=\"6.5\" height=\"6.5\" rx=\"1.5\"/><rect x=\"13.5\" y=\"4\" width=\"6.5\" height=\"6.5\" rx=\"1.5\"/><rect x=\"4\" y=\"13.5\" width=\"6.5\" height=\"6.5\" rx=\"1.5\"/><rect x=\"13.5\" y=\"13.5\" width=\"6.5\" height=\"6.5\" rx=\"1.5\"/>")
    static let inbox = icon("<path d=\"M4 13.5 6.3 6h11.4l2.3 7.5V18a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z\"/><path d=\"M4 13.5h4.5l1.2 2h4.6l1.2-2H20\"/>")
    static let search = icon("<circle cx=\"10.5\" cy=\"10.5\" r=\"6\"/><path d=\"m15 15 5 5\"/>")
    static let settings = icon("<path d=\"M4 7h9M17 7h3M4 17h3M11 17h9\"/><circle cx=\"15\" cy=\"7\" r=\"2\"/><circle cx=\"9\" cy=\"17\" r=\"2\"/>")
    static let previous = icon("<path d=\"m14.5 6-6 6 6 6\"/>")
    static let next = icon("<path d=\"m9.5 6 6 6-6 6\"/>")
    static let original = icon("<path d=\"M14 5h5v5M19 5l-8 8M17 13.5V18a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4.5\"/>")
}
