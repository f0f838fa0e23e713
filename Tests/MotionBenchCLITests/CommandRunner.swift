import Foundation
import XCTest
import MotionTestSupport

/// Runs the built `motionbench` binary and captures what it printed.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

enum CommandRunner {
    /// The `motionbench` executable next to the test bundle (`swift test` builds it first: the test target depends on
    /// it, and both land in `.build/<configuration>/`).
    static var executable: URL {
        get throws {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("motionbench")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
            throw MissingPrerequisite.error("motionbench binary not found next to \(CommandLine.arguments[0]); build it with "
                                            + "'swift build --product motionbench' (swift test builds it, as "
                                            + "MotionBenchCLITests depends on it)")
        }
    }


    /// Runs `motionbench arguments...` (or `program arguments...`), feeding `input` to standard input.
    static func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:],
                    program: URL? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = try program ?? executable
        process.arguments = arguments
        if !extra.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 } }
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        // A child that stops reading early (it rejected a line) must not kill the test with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        // Feed standard input and drain standard error on their own threads: a streaming child writes output while
        // it still reads input, and either pipe can fill up.
        let writer = standardInput.fileHandleForWriting
        let feeding = Thread {
            try? writer.write(contentsOf: Data(input.utf8))
            try? writer.close()
        }
        feeding.start()
        let errorBox = ErrorBox()
        let draining = Thread { errorBox.data = error.fileHandleForReading.readDataToEndOfFile(); errorBox.done.signal() }
        draining.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorBox.done.wait()
        let errorData = errorBox.data
        process.waitUntilExit()
        // A signal's death reads as 128 + N, as a shell shows it.
        return CommandResult(status: process.terminationStatus + (process.terminationReason == .uncaughtSignal ? 128 : 0),
                             standardOutput: String(decoding: outputData, as: UTF8.self),
                             standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// Standard error read on another thread; `done` orders the write before the read.
private final class ErrorBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
