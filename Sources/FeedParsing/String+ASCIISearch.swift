extension String {
    /// Where an ASCII `needle` first occurs, found in the UTF-8 bytes. Foundation's
    /// `range(of:)`/`contains` bridge the string and compare by Unicode rules, which costs far
    /// more than the search itself on the per-link and per-namespace paths that use this.
    func firstRange(ofASCII needle: StaticString) -> Range<String.Index>? {
        let needleCount = needle.utf8CodeUnitCount
        var copy = self
        let offset: Int? = copy.withUTF8 { bytes in
            guard needleCount > 0, bytes.count >= needleCount else { return nil }
            let first = needle.utf8Start[0]
            for start in 0...(bytes.count - needleCount) where bytes[start] == first {
                var matches = true
                for index in 1..<needleCount where bytes[start + index] != needle.utf8Start[index] {
                    matches = false
                    break
                }
                if matches { return start }
            }
            return nil
        }
        guard let offset else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: needleCount)
    }
}
