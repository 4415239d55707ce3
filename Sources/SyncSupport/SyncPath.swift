/// Paths as sync clients send them. Clients build addresses by gluing a base address the person
/// typed to a path, so a base ending in `/` gives `//accounts/ClientLogin`: repeated slashes
/// mean one, as the router also reads them.
public enum SyncPath {
    /// The path with every run of slashes made one.
    public static func normalized(_ path: String) -> String {
        // Every request's path passes here several times (the middlewares ask whether it is
        // a sync path): a look at the bytes, not Foundation's locale-aware `contains`.
        guard hasRepeatedSlash(path) else { return path }
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var previousWasSlash = false
        for character in path {
            if character == "/" {
                if previousWasSlash { continue }
                previousWasSlash = true
            } else {
                previousWasSlash = false
            }
            result.append(character)
        }
        return result
    }

    static func hasRepeatedSlash(_ path: String) -> Bool {
        var previousWasSlash = false
        for byte in path.utf8 {
            let isSlash = byte == UInt8(ascii: "/")
            if isSlash && previousWasSlash { return true }
            previousWasSlash = isSlash
        }
        return false
    }
}
