import Dispatch
import Foundation
import MotionHarness
import MotionSupport

/// Runs commands and counts their instructions with valgrind.
public enum InstructionCounter {
    /// The path of valgrind, or nil when it is not installed.
    public static var valgrindPath: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `valgrind --version`, or nil.
    public static var valgrindVersion: String? {
        guard let path = valgrindPath, let output = try? ChildProcess.run(path, ["--version"]), output.status == 0 else { return nil }
        return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Instructions executed (cachegrind's Ir total) by `executable arguments`.
    /// - Throws: `GateInputError` when valgrind is missing, the command fails, or the output cannot be read.
    public static func instructions(of executable: String, _ arguments: [String],
                                    limits: ChildProcess.Limits = .standard) throws -> UInt64 {
        guard let valgrind = valgrindPath else {
            throw GateInputError(message: "valgrind is not installed, and instruction mode needs it "
                                 + "(install it with: apt-get install -y valgrind)")
        }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-cachegrind-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = try ChildProcess.run(valgrind, ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=\(file)",
                                                     executable] + arguments, limits: limits)
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
