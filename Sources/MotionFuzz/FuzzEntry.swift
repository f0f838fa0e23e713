import Foundation
import MotionHarness

/// The libFuzzer entry point for the spec parser and the scenario reader, checking `InputContract` on every input.
/// Built only by `scripts/fuzz.sh` (with `-sanitize=fuzzer -DFUZZING`); a normal build gets a `main` that says how.

#if FUZZING
/// Which entry point this run fuzzes: `MOTIONFUZZ_TARGET=spec` (default) or `scenario`.
let fuzzedEntryPoint = ProcessInfo.processInfo.environment["MOTIONFUZZ_TARGET"] ?? "spec"

/// Called by libFuzzer with each input; a broken contract stops the run with the input saved as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func motionFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = data.map { String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self) } ?? ""
    let problem = fuzzedEntryPoint == "scenario" ? InputContract.checkScenario(text, layers: 16) : InputContract.checkSpec(text)
    if let problem { fatalError("hostile-input contract broken: \(problem)") }
    return 0
}

/// libFuzzer's driver (from the runtime `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The executable's entry point under SwiftPM's name for it: hands the command line to libFuzzer's driver.
@_cdecl("MotionFuzz_main")
public func motionFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in motionFuzzTestOneInput(data, size) }
}
#else
/// Explains how to build and run the fuzzer.
@main
enum MotionFuzzInstructions {
    static func main() {
        print("MotionFuzz is a libFuzzer entry point. Run it with: scripts/fuzz.sh spec|scenario SECONDS")
    }
}
#endif
