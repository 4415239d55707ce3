/// windows-1252, the web's reading of Latin-1 and ASCII labels, in one place for every
/// spot that meets it: pages in a legacy encoding, numeric references `&#128;`–`&#159;`,
/// and C1 controls left in feed text by a wrong conversion.
public enum Windows1252 {
    /// The character windows-1252 gives the byte (or code point) 0x80–0x9F; nil outside
    /// that range and for the five values it leaves undefined.
    public static func character(forC1 value: UInt32) -> Unicode.Scalar? {
        guard (0x80...0x9F).contains(value) else { return nil }
        let mapped = c1Characters[Int(value - 0x80)]
        return mapped == 0 ? nil : Unicode.Scalar(mapped)
    }

    /// `bytes` read as windows-1252, in UTF-8. An undefined byte keeps its Latin-1 code
    /// point, as browsers read it.
    public static func utf8Bytes(of bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
                continue
            }
            let scalar = character(forC1: UInt32(byte)) ?? Unicode.Scalar(byte)
            HTMLEntities.appendUTF8(scalar, to: &output)
        }
        return output
    }

    /// windows-1252's meaning of 0x80–0x9F (0 where it has none).
    private static let c1Characters: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}
