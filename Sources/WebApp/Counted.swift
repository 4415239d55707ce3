/// "1 article", "3 articles": counts in sentences a person reads, on pages and in the CLI.
public func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
