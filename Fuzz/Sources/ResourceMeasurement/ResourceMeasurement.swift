import Glibc

// Per-input resource measurement for the resource fuzzers: the peak of live heap bytes
// during one call (exact, through the sanitizer's allocation hooks) and its CPU time, and
// the bounds, proportional to the input's size, that a finding exceeds.

@_silgen_name("__sanitizer_install_malloc_and_free_hooks")
private func installMallocAndFreeHooks(
    _ mallocHook: @convention(c) (UnsafeRawPointer?, Int) -> Void,
    _ freeHook: @convention(c) (UnsafeRawPointer?) -> Void
) -> CInt

@_silgen_name("__sanitizer_get_allocated_size")
private func allocatedSize(_ pointer: UnsafeRawPointer?) -> Int

@_silgen_name("__sanitizer_get_ownership")
private func isOwnedBySanitizer(_ pointer: UnsafeRawPointer?) -> CInt

// libFuzzer runs one input at a time on one thread; the hooks may not allocate, so plain
// counters (written only by the hooks, read between calls) are all there is.
nonisolated(unsafe) private var liveBytes = 0
nonisolated(unsafe) private var peakBytes = 0
nonisolated(unsafe) private var hooksInstalled = false

/// What one call cost.
public struct ResourceUse: Sendable, CustomStringConvertible {
    public var peakHeapBytes: Int
    public var cpuSeconds: Double

    public var description: String {
        "peak heap \(peakHeapBytes / 1024) KB above the start, \(Int(cpuSeconds * 1000)) ms of CPU"
    }
}

/// A bound proportional to the input: `fixed + perByte × size`.
public struct ResourceBound: Sendable, CustomStringConvertible {
    public var fixedHeapBytes: Int
    public var heapBytesPerInputByte: Int
    public var fixedSeconds: Double
    public var secondsPerInputByte: Double

    public init(fixedHeapBytes: Int, heapBytesPerInputByte: Int, fixedSeconds: Double, secondsPerInputByte: Double) {
        self.fixedHeapBytes = fixedHeapBytes
        self.heapBytesPerInputByte = heapBytesPerInputByte
        self.fixedSeconds = fixedSeconds
        self.secondsPerInputByte = secondsPerInputByte
    }

    public func heapLimit(forSize size: Int) -> Int { fixedHeapBytes + heapBytesPerInputByte * size }
    public func timeLimit(forSize size: Int) -> Double { fixedSeconds + secondsPerInputByte * Double(size) }

    public var description: String {
        "\(fixedHeapBytes / 1024) KB + \(heapBytesPerInputByte) bytes per input byte, \(fixedSeconds) s + \(Int(secondsPerInputByte * 1_000_000)) µs per input byte"
    }
}

public enum ResourceMeter {
    /// `RESOURCE_FUZZ_REPORT=1` prints every input's cost (to check the measurement on chosen files).
    static let reportsEveryInput = getenv("RESOURCE_FUZZ_REPORT") != nil

    /// Runs `body` and measures it. The heap figure counts only bytes allocated during
    /// the call that were live at its peak, whatever was allocated before.
    public static func measure(_ body: () -> Void) -> ResourceUse {
        if !hooksInstalled {
            hooksInstalled = true
            _ = installMallocAndFreeHooks({ pointer, size in
                _ = pointer
                liveBytes += size
                if liveBytes > peakBytes { peakBytes = liveBytes }
            }, { pointer in
                guard let pointer, isOwnedBySanitizer(pointer) != 0 else { return }
                liveBytes -= allocatedSize(pointer)
            })
        }
        let startLive = liveBytes
        peakBytes = liveBytes
        let startCPU = cpuTime()
        body()
        return ResourceUse(peakHeapBytes: max(0, peakBytes - startLive), cpuSeconds: cpuTime() - startCPU)
    }

    /// The input's cost when it is over `bound` in a way a retry confirms (CPU time on a
    /// shared machine varies, so time is judged on the best of three runs); nil when within.
    public static func excess(of bound: ResourceBound, size: Int, running body: () -> Void) -> ResourceUse? {
        var use = measure(body)
        if reportsEveryInput {
            let line = "input of \(size) bytes: \(use) (bound \(bound.heapLimit(forSize: size) / 1024) KB, \(bound.timeLimit(forSize: size)) s)\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }
        guard use.peakHeapBytes > bound.heapLimit(forSize: size) || use.cpuSeconds > bound.timeLimit(forSize: size) else { return nil }
        for _ in 0..<2 where use.cpuSeconds > bound.timeLimit(forSize: size) {
            let again = measure(body)
            use.cpuSeconds = min(use.cpuSeconds, again.cpuSeconds)
        }
        guard use.peakHeapBytes > bound.heapLimit(forSize: size) || use.cpuSeconds > bound.timeLimit(forSize: size) else { return nil }
        return use
    }

    /// Reports a finding and stops, so libFuzzer saves the input as a crash.
    public static func fail(_ what: String, size: Int, use: ResourceUse, bound: ResourceBound) -> Never {
        let message = "RESOURCE FINDING: \(what) on \(size) input bytes: \(use), over the bound of \(bound.heapLimit(forSize: size) / 1024) KB and \(bound.timeLimit(forSize: size)) s (\(bound)).\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        abort()
    }

    /// CPU time of this process (user and system): unlike wall time, not stretched by other
    /// builds sharing the machine.
    private static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}
