import ArgumentParser
import MotionSupport

/// `--engine-memory MiB`: the data limit (`RLIMIT_DATA`) of every child process that loads an engine (`EngineMemory`),
/// shared by run, accuracy, baseline and gate.
struct EngineMemoryOption: ParsableArguments {
    @Option(name: .customLong("engine-memory"), parsing: .unconditional, help: ArgumentHelp(
        "MiB of data (heap and private writable mappings, RLIMIT_DATA) each child process that loads an engine may use "
            + "(default: half of physical memory or 8 GiB, whichever is smaller).", valueName: "MiB"))
    var mebibytes = EngineMemory.defaultMiB

    /// Checks the range (exit 2 with the usage).
    func validate() throws {
        try validatingOptions { _ = try bytes() }
    }

    /// The limit in bytes.
    func bytes() throws -> UInt64 {
        switch EngineMemory.bytes(mebibytes: mebibytes, option: "--engine-memory") {
        case .success(let bytes): return bytes
        case .failure(let error): throw BadInput(message: error.message)
        }
    }
}
