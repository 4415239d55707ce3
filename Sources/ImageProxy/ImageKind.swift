/// The picture formats the image proxy passes on, recognised by their first bytes (the
/// signatures browsers sniff), never by what a server says they are. SVG is not among them:
/// it is a document that can hold script and links, so it is refused rather than served.
public enum ImageKind: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, avif, icon, bmp

    /// The `Content-Type` the proxy answers with.
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .icon: "image/x-icon"
        case .bmp: "image/bmp"
        }
    }

    /// The kind `bytes` start like, or nil when they are no picture this proxy passes on.
    public static func sniff(_ bytes: [UInt8]) -> ImageKind? {
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<(offset + signature.count)]) == signature
        }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) { return .gif }
        if starts(with: Array("RIFF".utf8)), starts(with: Array("WEBPVP".utf8), at: 8) { return .webp }
        if starts(with: Array("ftyp".utf8), at: 4), isAVIF(bytes) { return .avif }
        // An icon directory: reserved 0, type 1, at least one image.
        if starts(with: [0x00, 0x00, 0x01, 0x00]), bytes.count >= 6, bytes[4] != 0 || bytes[5] != 0 { return .icon }
        // A bitmap file header: "BM", then a DIB header of a known size at offset 14.
        if starts(with: Array("BM".utf8)), bytes.count >= 18, [12, 40, 52, 56, 64, 108, 124].contains(Int(bytes[14])) { return .bmp }
        return nil
    }

    /// An ISO media file whose brands include AVIF's (`avif` still, `avis` sequence).
    private static func isAVIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16 else { return false }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(max(boxSize, 16), bytes.count, 256)
        var offset = 8
        while offset + 4 <= end {
            let brand = Array(bytes[offset..<(offset + 4)])
            if brand == Array("avif".utf8) || brand == Array("avis".utf8) { return true }
            // The minor version after the major brand is no brand.
            offset += offset == 8 ? 8 : 4
        }
        return false
    }

    /// What bytes that are no picture look like, for the reason logged and shown: "an SVG
    /// image", "an HTML page", "JSON", "a PDF", "text" or "unrecognised bytes".
    public static func describeNonImage(_ bytes: [UInt8]) -> String {
        let head = String(decoding: bytes.prefix(1_024), as: UTF8.self).lowercased()
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if head.contains("<svg") { return "an SVG image" }
        if trimmed.hasPrefix("<!doctype html") || head.contains("<html") || head.contains("<head") || head.contains("<body") { return "an HTML page" }
        if trimmed.hasPrefix("%pdf") { return "a PDF" }
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") { return "JSON" }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<") { return "XML or markup" }
        if bytes.isEmpty { return "empty" }
        let printable = bytes.prefix(512).allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || ($0 >= 0x20 && $0 != 0x7F) }
        return printable ? "text" : "unrecognised bytes"
    }
}
