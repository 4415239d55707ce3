#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts text in any encoding glibc's iconv knows (windows-1252, ISO-8859-x, KOI8-R, Big5,
/// GB18030, Shift_JIS, EUC-KR, UTF-16/32 …) to UTF-8, strictly: bytes that are not valid in
/// the source encoding make the conversion fail, so a wrong guess is noticed.
public enum TextConverter {
    /// The UTF-8 bytes of `bytes` read as `encoding`, or nil when `encoding` is unknown or
    /// the bytes are not valid in it. UTF-8, ASCII and ISO-8859-1 are handled without iconv.
    public static func utf8Bytes(of bytes: UnsafeBufferPointer<UInt8>, encoding: String) -> [UInt8]? {
        let name = canonicalName(encoding)
        switch name {
        case "utf-8":
            return UTF8Validation.isValid(bytes) ? Array(bytes) : nil
        case "us-ascii":
            return UTF8Validation.isASCII(bytes) ? Array(bytes) : nil
        case "iso-8859-1":
            return latin1ToUTF8(bytes)
        default:
            if let table = SingleByteCodePage.table(named: name) {
                return SingleByteCodePage.utf8Bytes(of: bytes, table: table)
            }
            return iconvConvert(bytes, from: name)
        }
    }

    /// Whether iconv (or a built-in path) knows `encoding`.
    public static func isKnown(_ encoding: String) -> Bool {
        let name = canonicalName(encoding)
        if name == "utf-8" || name == "us-ascii" || name == "iso-8859-1" { return true }
        if SingleByteCodePage.table(named: name) != nil { return true }
        guard isPlausibleName(name) else { return false }
        let descriptor = iconv_open("UTF-8", name)
        if descriptor == iconv_t(bitPattern: -1) { return false }
        iconv_close(descriptor)
        return true
    }

    /// Maps the spellings feeds and Python use to names iconv understands.
    /// Punctuation, spaces and control characters in a name do not matter, as in Python's
    /// codec look-up (what feedparser accepts): each run of them is one `-`, none at the ends
    /// (`"UTF 8"`, `"utf-8;"`, `" iso_8859_1 "` and `"utf--8"` all name an encoding).
    public static func canonicalName(_ encoding: String) -> String {
        var normalized: [UInt8] = []
        var pendingSeparator = false
        for byte in encoding.utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            let isNameByte = (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
                || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9")) || lower == UInt8(ascii: ".") || lower >= 0x80
            guard isNameByte else {
                pendingSeparator = !normalized.isEmpty
                continue
            }
            if pendingSeparator { normalized.append(UInt8(ascii: "-")) }
            pendingSeparator = false
            normalized.append(lower)
        }
        let name = String(decoding: normalized, as: UTF8.self)
        switch name {
        case "utf8", "u8", "utf", "utf-8-sig": return "utf-8"
        case "ascii", "646", "us", "ansi-x3.4-1968", "iso-ir-6", "iso646-us": return "us-ascii"
        case "latin1", "latin-1", "l1", "iso8859-1", "iso-8859-1", "8859", "cp819", "iso-ir-100", "iso-8859-1-1987": return "iso-8859-1"
        case "u16", "utf16": return "utf-16"
        case "u32", "utf32": return "utf-32"
        case "cp1252", "windows1252": return "windows-1252"
        case "sjis", "shiftjis", "s-jis", "x-sjis", "shift-jis": return "shift_jis"
        case "x-euc-jp", "eucjp", "ujis", "u-jis": return "euc-jp"
        case "euckr", "ks-c-5601-1987", "ksc5601", "ks-c-5601": return "euc-kr"
        case "gb2312", "chinese", "csgb2312", "euc-cn", "euccn", "x-gbk", "gbk": return name == "gbk" || name == "x-gbk" ? "gbk" : "gb18030"
        case "big5-hkscs", "big5hkscs": return "big5-hkscs"
        case "koi8r": return "koi8-r"
        // Python's names for code pages glibc calls otherwise, or lacks (SingleByteCodePage).
        case "mac-roman", "macroman": return "macintosh"
        case "mac-latin2", "maclatin2", "maccentraleurope", "mac-centeuro": return "mac-centraleurope"
        case "mac-cyrillic": return "maccyrillic"
        case "macgreek": return "mac-greek"
        case "macturkish": return "mac-turkish"
        case "maciceland": return "mac-iceland"
        case "kz1048", "rk1048", "strk1048-2002": return "kz-1048"
        case "cp-is", "csibm861", "ibm861": return "cp861"
        case "csibm858", "ibm858": return "cp858"
        case "ibm1125", "cp866u", "ruscii": return "cp1125"
        case "ptcp154", "csptcp154", "cp154", "cyrillic-asian": return "pt154"
        case "ms932", "mskanji", "ms-kanji": return "cp932"
        case "936": return "gbk"
        default:
            // Python reads a bare number as the code page of that number ("1252", "861").
            if !normalized.isEmpty, normalized.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                return canonicalName("cp" + name)
            }
            return name
        }
    }

    /// Encoding names are short ASCII words; anything else is not passed to iconv.
    private static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 40 else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
        }
    }

    private static func latin1ToUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                output.append(0xC0 | (byte >> 6))
                output.append(0x80 | (byte & 0x3F))
            }
        }
        return output
    }

    private static func iconvConvert(_ bytes: UnsafeBufferPointer<UInt8>, from name: String) -> [UInt8]? {
        guard isPlausibleName(name) else { return nil }
        let descriptor = iconv_open("UTF-8", name)
        if descriptor == iconv_t(bitPattern: -1) { return nil }
        defer { iconv_close(descriptor) }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        // UTF-8 output is at most 4 bytes per input byte for every encoding iconv offers
        // (a 1-byte encoding maps to ≤ 3 UTF-8 bytes, a 2-byte unit to ≤ 4).
        var output = [UInt8](repeating: 0, count: bytes.count * 4 + 16)
        var produced = 0
        let succeeded: Bool = output.withUnsafeMutableBufferPointer { outputBuffer in
            guard let outputBase = outputBuffer.baseAddress else { return false }
            var inputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
            var inputLeft = bytes.count
            var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBase).assumingMemoryBound(to: CChar.self)
            var outputLeft = outputBuffer.count
            let result = iconv(descriptor, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
            if result == -1 || inputLeft != 0 { return false }
            // Flush any shift state (ISO-2022 encodings).
            let flush = iconv(descriptor, nil, nil, &outputPointer, &outputLeft)
            if flush == -1 { return false }
            produced = outputBuffer.count - outputLeft
            return true
        }
        guard succeeded else { return nil }
        output.removeSubrange(produced...)
        // A byte-order mark that survived (UTF-16/32 with one) is not content.
        if output.count >= 3, output[0] == 0xEF, output[1] == 0xBB, output[2] == 0xBF { output.removeFirst(3) }
        return output
    }
}
