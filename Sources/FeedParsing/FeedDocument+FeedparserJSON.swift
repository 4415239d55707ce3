extension FeedDocument {
    /// The document as feedparser's result object (`bozo`, `bozo_exception`, `version`,
    /// `encoding`, `feed`, `entries`, `namespaces`), for `broadsheet parse --format feedparser`.
    public func feedparserJSON() -> String {
        var result = FeedDictionary()
        result["bozo"] = .bool(bozo)
        if let problem = problems.first {
            result["bozo_exception"] = .string("\(problem.kind): \(problem.description)")
        }
        result["version"] = .string(version)
        result["encoding"] = .string(encoding)
        result["feed"] = .dictionary(feed)
        result["entries"] = .list(entries.map(FeedValue.dictionary))
        var namespaceDictionary = FeedDictionary()
        for (prefix, uri) in namespaces.sorted(by: { $0.key < $1.key }) { namespaceDictionary[prefix] = .string(uri) }
        result["namespaces"] = .dictionary(namespaceDictionary)
        var writer = FeedJSONWriter()
        writer.dictionary(result)
        return writer.text
    }
}
