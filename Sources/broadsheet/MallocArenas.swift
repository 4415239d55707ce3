#if canImport(Glibc)
import Glibc
#endif

/// glibc gives each thread that allocates at the same moment an arena of its own (up to
/// eight per core) and hands little of them back: under the load test's mixed traffic the
/// server's heap grew to 115–135 MB this way, against 51–57 MB with two arenas
/// (`MALLOC_ARENA_MAX=2`, measured side by side). `mallopt` is not in Swift's Glibc module,
/// so it is looked up by name; elsewhere this does nothing.
enum MallocArenas {
    /// glibc's `M_ARENA_MAX` (malloc.h).
    private static let arenaMaximumParameter: Int32 = -8

    static func limit(to count: Int32) {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximumParameter, count)
        #endif
    }
}
