#if canImport(Glibc)
import Glibc
#endif
import ServiceLifecycle

/// How `serve` asks glibc's allocator to hold less memory. `mallopt` and `malloc_trim` are
/// not in Swift's Glibc module, so they are looked up by name; elsewhere this does nothing.
enum MallocTuning {
    /// glibc's `M_ARENA_MAX` (malloc.h).
    private static let arenaMaximumParameter: Int32 = -8

    /// glibc gives each thread that allocates at the same moment an arena of its own (up to
    /// eight per core) and hands little of them back: under the load test's mixed traffic the
    /// server's heap grew to 115–135 MB this way, against 51–57 MB with two arenas
    /// (`MALLOC_ARENA_MAX=2`, measured side by side).
    static func limitArenas(to count: Int32) {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMaximumParameter, count)
        #endif
    }

    /// Hands the free pages inside the heap back to the system (`malloc_trim(0)`): glibc
    /// returns only the free space at the heap's top by itself, so what start-up and a busy
    /// minute freed in the middle stayed resident.
    static func returnFreeMemory() {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        typealias MallocTrim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// Returns free memory every `interval` while `serve` runs (each time takes about a
    /// millisecond).
    struct FreeMemoryReturning: Service {
        var interval: Duration = .seconds(30)

        func run() async throws {
            await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    MallocTuning.returnFreeMemory()
                }
            }
        }
    }
}
