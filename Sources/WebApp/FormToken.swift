/// The form token for the page being rendered. `CSRFMiddleware` sets it for the length
/// of each request, so a page's `render` needs no extra parameter: every form that posts
/// back to Broadsheet starts with `\(FormToken.hiddenField)`.
enum FormToken {
    @TaskLocal static var current: String?

    /// The hidden field carrying the token; put it first in the form, so it is found in the
    /// first bytes of the body. Empty outside a request (a page rendered in a unit test).
    static var hiddenField: HTML {
        guard let token = current else { return .empty }
        return "<input type=\"hidden\" name=\"\(CSRFProtection.fieldName)\" value=\"\(token)\">"
    }
}
