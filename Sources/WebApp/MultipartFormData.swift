import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578): what a browser sends for a form
/// with a file field. Only what an upload form needs: each part's field name, file name and
/// bytes. The body is outside input: its size is capped by the caller, the parts and their
/// headers here.
struct MultipartFormData {
    struct Part: Sendable {
        var name: String
        var fileName: String?
        var body: ArraySlice<UInt8>
    }

    enum Failure: Error, Equatable {
        /// The request is not `multipart/form-data` with a usable boundary.
        case notMultipart
        /// The body does not follow the format (no closing boundary, headers too long, …).
        case malformed
    }

    static let maximumParts = 16
    static let maximumHeaderBytes = 4_096

    let parts: [Part]

    /// The boundary named in a `Content-Type` such as `multipart/form-data; boundary=xyz`.
    static func boundary(inContentType contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() where piece.lowercased().hasPrefix("boundary=") {
            var value = String(piece.dropFirst("boundary=".count))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            // RFC 2046: 1 to 70 characters.
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    init(body: [UInt8], contentType: String) throws(Failure) {
        guard let boundary = Self.boundary(inContentType: contentType) else { throw .notMultipart }
        let delimiter = Array("--\(boundary)".utf8)
        let separator = Array("\r\n--\(boundary)".utf8)
        guard var position = Self.firstIndex(of: delimiter, in: body, from: 0) else { throw .malformed }
        position += delimiter.count
        var parts: [Part] = []
        while true {
            // "--" after a delimiter closes the body; otherwise a line break starts a part.
            if Self.hasPrefix([UInt8(ascii: "-"), UInt8(ascii: "-")], in: body, at: position) { break }
            guard Self.hasPrefix([13, 10], in: body, at: position) else { throw .malformed }
            position += 2
            guard parts.count < Self.maximumParts else { throw .malformed }
            let headerEnd = Self.firstIndex(of: [13, 10, 13, 10], in: body, from: position, within: Self.maximumHeaderBytes)
            guard let headerEnd else { throw .malformed }
            let headers = String(decoding: body[position..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let contentEnd = Self.firstIndex(of: separator, in: body, from: contentStart) else { throw .malformed }
            if let disposition = Self.disposition(in: headers) {
                parts.append(Part(name: disposition.name, fileName: disposition.fileName, body: body[contentStart..<contentEnd]))
            }
            position = contentEnd + separator.count
        }
        self.parts = parts
    }

    /// The first part sent for the field `name`.
    func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// `name` and `filename` of a part's `Content-Disposition: form-data; name="…"; filename="…"`.
    private static func disposition(in headers: String) -> (name: String, fileName: String?)? {
        for line in headers.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":"),
                  line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition" else { continue }
            var name: String?
            var fileName: String?
            for parameter in line[line.index(after: colon)...].split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                var value = pair[1]
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                switch pair[0].lowercased() {
                case "name": name = value
                case "filename": fileName = value
                default: break
                }
            }
            return name.map { ($0, fileName) }
        }
        return nil
    }

    private static func hasPrefix(_ prefix: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= bytes.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    /// Where `needle` first starts in `bytes` at or after `start` (and, with `within`, no
    /// further than that many bytes on).
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int, within limit: Int = .max) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        let last = min(bytes.count - needle.count, limit == .max ? .max : start + limit)
        guard start <= last else { return nil }
        var index = start
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
