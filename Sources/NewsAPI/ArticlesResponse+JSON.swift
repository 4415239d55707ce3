/// A wire value that writes its own JSON: byte for byte what `OrderedJSONEncoder` makes of
/// its `encode(to:)`, without the tree of nodes and dynamic casts in between. Only the
/// answers written on every request (lists of articles) have it.
protocol DirectJSONWriting {
    func writeJSON(into output: inout [UInt8])
}

extension ArticlesResponse: DirectJSONWriting {
    func writeJSON(into output: inout [UInt8]) {
        output.append(contentsOf: #"{"status":"#.utf8)
        JSONNode.writeString(status, into: &output)
        output.append(contentsOf: #","totalResults":"#.utf8)
        output.append(contentsOf: String(totalResults).utf8)
        output.append(contentsOf: #","articles":["#.utf8)
        for (index, article) in articles.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            article.writeJSON(into: &output)
        }
        output.append(contentsOf: "]}".utf8)
    }
}

extension ArticleDTO: DirectJSONWriting {
    func writeJSON(into output: inout [UInt8]) {
        output.append(contentsOf: #"{"source":{"id":"#.utf8)
        JSONNode.writeOptionalString(source.id, into: &output)
        output.append(contentsOf: #","name":"#.utf8)
        JSONNode.writeString(source.name, into: &output)
        output.append(contentsOf: #"},"author":"#.utf8)
        JSONNode.writeOptionalString(author, into: &output)
        output.append(contentsOf: #","title":"#.utf8)
        JSONNode.writeString(title, into: &output)
        output.append(contentsOf: #","description":"#.utf8)
        JSONNode.writeOptionalString(description, into: &output)
        output.append(contentsOf: #","url":"#.utf8)
        JSONNode.writeString(url, into: &output)
        output.append(contentsOf: #","urlToImage":"#.utf8)
        JSONNode.writeOptionalString(urlToImage, into: &output)
        output.append(contentsOf: #","publishedAt":"#.utf8)
        JSONNode.writeString(NewsAPIDate.string(from: publishedAt), into: &output)
        output.append(contentsOf: #","content":"#.utf8)
        JSONNode.writeOptionalString(content, into: &output)
        output.append(UInt8(ascii: "}"))
    }
}

extension JSONNode {
    static func writeOptionalString(_ text: String?, into output: inout [UInt8]) {
        if let text { writeString(text, into: &output) } else { output.append(contentsOf: "null".utf8) }
    }
}
