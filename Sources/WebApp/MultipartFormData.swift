import Foundation
import MultipartKit

/// The parts of a `multipart/form-data` body (RFC 7578): what a browser sends for a form
/// with a file field. Only what an upload form needs: each part's field name, file name and
/// bytes. The body is outside input: its size is capped by the caller; the number of parts
/// and the size of their headers are capped here. The format itself is read by
/// multipart-kit's `MultipartParser`.
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
        let collector = PartCollector()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in collector.header(name: name, value: value) }
        parser.onBody = { buffer in collector.body(buffer.readBytes(length: buffer.readableBytes) ?? []) }
        parser.onPartComplete = { collector.completePart() }
        do {
            try parser.execute(body)
        } catch {
            throw .malformed
        }
        // A part still open at the end had no closing boundary; a body without any part
        // never had an opening one.
        guard !collector.isOverLimits, !collector.hasOpenPart, !collector.parts.isEmpty else { throw .malformed }
        self.parts = collector.parts
    }

    /// The first part sent for the field `name`.
    func part(named name: String) -> Part? {
        parts.first { $0.name == name }
    }

    /// Gathers the parser's callbacks into parts, holding them to the limits. Used only
    /// within one `init`, on one thread.
    private final class PartCollector {
        var parts: [Part] = []
        var isOverLimits = false
        var hasOpenPart = false
        private var headerBytes = 0
        private var disposition: (name: String, fileName: String?)?
        private var bytes: [UInt8] = []

        func header(name: String, value: String) {
            hasOpenPart = true
            headerBytes += name.utf8.count + value.utf8.count + 4
            if headerBytes > MultipartFormData.maximumHeaderBytes { isOverLimits = true }
            if name.lowercased() == "content-disposition" { disposition = Self.disposition(from: value) }
        }

        func body(_ chunk: [UInt8]) {
            hasOpenPart = true
            // Once over a limit nothing more is kept: the result is refused anyway.
            if !isOverLimits { bytes += chunk }
        }

        func completePart() {
            if parts.count >= MultipartFormData.maximumParts { isOverLimits = true }
            if !isOverLimits, let disposition {
                parts.append(Part(name: disposition.name, fileName: disposition.fileName, body: bytes[...]))
            }
            hasOpenPart = false
            headerBytes = 0
            disposition = nil
            bytes = []
        }

        /// `name` and `filename` of `form-data; name="…"; filename="…"`.
        private static func disposition(from value: String) -> (name: String, fileName: String?)? {
            var name: String?
            var fileName: String?
            for parameter in value.split(separator: ";") {
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
    }
}
