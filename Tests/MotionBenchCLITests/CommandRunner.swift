import Foundation
import XCTest

/// Runs the built `motionbench` binary and captures what it printed.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

enum CommandRunner {
    /// The `motionbench` executable next to the test bundle.
    static var executable: URL {
        get throws {
            var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("motionbench")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
            throw XCTSkip("motionbench binary not found next to \(CommandLine.arguments[0])")
        }
    }

    /// Runs `motionbench arguments...`, feeding `input` to standard input.
    static func run(_ arguments: [String], input: String = "") throws -> CommandResult {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus,
                             standardOutput: String(decoding: outputData, as: UTF8.self),
                             standardError: String(decoding: errorData, as: UTF8.self))
    }
}
