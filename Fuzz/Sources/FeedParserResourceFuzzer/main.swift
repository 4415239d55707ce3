import Foundation
// The executable's entry point hands control to libFuzzer's driver (linked in by
// `-sanitize=fuzzer`), which calls `fuzzFeedParserResources` with each input it generates.

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argumentCount: UnsafeMutablePointer<CInt>,
    _ arguments: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = runFuzzerDriver(&argumentCount, &arguments) { data, size in fuzzFeedParserResources(data, size) }
exit(status)
