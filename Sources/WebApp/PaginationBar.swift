/// The "← Newer · Page 2 of 5 · Older →" bar under a list, when there is more than a page.
enum PaginationBar {
    /// `path` gives the address of a page; the labels name the directions in the list's order.
    static func render(page: Int, pageCount: Int, previousLabel: String, nextLabel: String, path: (Int) -> String) -> HTML {
        guard pageCount > 1 else { return .empty }
        let previous: HTML = page > 1
            ? "<a class=\"button secondary\" rel=\"prev\" href=\"\(path(page - 1))\">← \(previousLabel)</a>"
            : "<span class=\"spacer\"></span>"
        let next: HTML = page < pageCount
            ? "<a class=\"button secondary\" rel=\"next\" href=\"\(path(page + 1))\">\(nextLabel) →</a>"
            : "<span class=\"spacer\"></span>"
        return """
        <nav class="pagination" aria-label="Pages">\(previous)<p class="subtle">Page \(String(page)) of \(String(pageCount))</p>\(next)</nav>
        """
    }
}
