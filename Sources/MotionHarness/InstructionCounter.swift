import Dispatch
import Foundation

/// Runs commands and counts their instructions with valgrind.
public enum InstructionCounter {
    /// Output of a finished child process.
    public struct Output: Sendable {
        /// Exit status.
        public let status: Int32
        /// Standard output.
        public let standardOutput: String
        /// Standard error.
        public let standardError: String
    }

    /// Runs `executable` with `arguments` and waits for it.
    /// - Throws: `GateInputError` when it cannot be started.
    public static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        // Fixed hash seeds make the measured process's work, and so its instruction count, repeatable.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        do {
            try process.run()
        } catch {
            throw GateInputError(message: "cannot run \(executable): \(error.localizedDescription)")
        }
        // Read both pipes concurrently so that neither fills up and blocks the child.
        let errorData = DataBox()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        reading.wait()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData.data, as: UTF8.self))
    }

    /// The path of valgrind, or nil when it is not installed.
    public static var valgrindPath: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `valgrind --version`, or nil.
    public static var valgrindVersion: String? {
        guard let path = valgrindPath, let output = try? run(path, ["--version"]), output.status == 0 else { return nil }
        return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Instructions executed (cachegrind's Ir total) by `executable arguments`.
    /// - Throws: `GateInputError` when valgrind is missing, the command fails, or the output cannot be read.
    public static func instructions(of executable: String, _ arguments: [String]) throws -> UInt64 {
        guard let valgrind = valgrindPath else {
            throw GateInputError(message: "valgrind is not installed, and instruction mode needs it "
                                 + "(install it with: apt-get install -y valgrind)")
        }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-cachegrind-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try run(valgrind, ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=\(file)", executable]
                                 + arguments)
        guard output.status == 0 else {
            throw GateInputError(message: "\(executable) \(arguments.joined(separator: " ")) failed under valgrind "
                                 + "(exit \(output.status)): \(output.standardError.suffix(400))")
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw GateInputError(message: "valgrind wrote no cachegrind output to \(file)")
        }
        return try parseTotal(cachegrindOutput: text)
    }

    /// The Ir total from a cachegrind output file (`events: Ir` … `summary: N`).
    public static func parseTotal(cachegrindOutput text: String) throws -> UInt64 {
        let lines = text.split(separator: "\n")
        guard let events = lines.first(where: { $0.hasPrefix("events:") })?.split(separator: " ").dropFirst().map(String.init),
              let column = events.firstIndex(of: "Ir"),
              let summary = lines.last(where: { $0.hasPrefix("summary:") })?.split(separator: " ").dropFirst(),
              column < summary.count, let total = UInt64(summary[summary.startIndex + column])
        else {
            throw GateInputError(message: "cannot find the Ir total in cachegrind output")
        }
        return total
    }
}

/// Bytes written by one reader thread and read after `DispatchGroup.wait()` (which orders the two).
final class DataBox: @unchecked Sendable {
    var data = Data()
}
