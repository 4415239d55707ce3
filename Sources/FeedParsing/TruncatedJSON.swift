/// The part of a broken JSON document that is whole: cut after the last value that ended
/// inside an array before the point where reading failed, with the containers still open
/// there closed. A JSON Feed cut short (a download that stopped, a server that died while
/// writing) keeps the items that arrived whole, as a feed reader keeps the entries before
/// an XML feed's error.
enum TruncatedJSON {
    /// The repaired document, or nil when nothing whole was found before `failure` (a byte offset).
    static func wholePart(of bytes: [UInt8], failingAt failure: Int) -> [UInt8]? {
        var open: [UInt8] = []
        var inString = false
        var escaped = false
        /// After the last value ended directly inside an array: where, and the containers then open.
        var lastCut: (end: Int, open: [UInt8])?
        var index = 0
        let limit = min(failure, bytes.count)
        while index < limit {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    // A string in an array is a whole value (a key or an object's value is not a cut point).
                    if open.last == UInt8(ascii: "[") { lastCut = (index + 1, open) }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    open.append(byte)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard !open.isEmpty else { return nil }
                    open.removeLast()
                    if open.last == UInt8(ascii: "[") { lastCut = (index + 1, open) }
                default:
                    break
                }
            }
            index += 1
        }
        guard let cut = lastCut else { return nil }
        var repaired = Array(bytes[..<cut.end])
        for container in cut.open.reversed() {
            repaired.append(container == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        }
        return repaired
    }
}
