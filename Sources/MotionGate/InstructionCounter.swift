import Dispatch
import Foundation
import MotionCore
import MotionHarness
import MotionSupport

/// Runs commands and counts their instructions with valgrind.
package enum InstructionCounter {
    /// The path of valgrind, or nil when it is not installed.
    package static var valgrindPath: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/valgrind" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `valgrind --version`, or nil.
    package static var valgrindVersion: String? {
        guard let path = valgrindPath, let output = try? ChildProcess.run(path, ["--version"]), output.status == 0 else { return nil }
        return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What an instruction count covers.
    package enum Scope: String, Codable, Sendable {
        /// Only `MeasuredRegion`: the workload's measured loop and what it calls (callgrind toggled on the region's
        /// symbol). Start-up, argument parsing, setup and output are excluded, so they cannot move a baseline.
        case measuredRegion = "measured-region"
        /// The whole process (cachegrind), as version 1 baselines and builds without the measured region were counted.
        case process
    }

    /// Instructions executed by `executable arguments` within `scope` (the Ir total of callgrind or cachegrind, with
    /// no cache simulation).
    /// - Throws: `GateInputError` when valgrind is missing, the command fails, the output cannot be read, or (region
    ///   scope) the binary never entered the measured region.
    package static func instructions(of executable: String, _ arguments: [String], scope: Scope = .measuredRegion,
                                    limits: ChildProcess.Limits = .standard) throws -> UInt64 {
        try count(of: executable, arguments, scope: scope, limits: limits).total
    }

    /// An instruction count and where it went.
    package struct Count: Sendable {
        /// The Ir total within the scope.
        package let total: UInt64
        /// The per-function self counts within the scope (the largest kept by name, the rest summed).
        package let profile: FunctionProfile
    }

    /// The instruction count of one run of `workload` in a child process of `executable` (`_workload NAME`, with an
    /// engine's job file written for the run and removed after it).
    /// - Throws: as `instructions(of:…)`.
    package static func count(of executable: String, workload: GateWorkload, scope: Scope = .measuredRegion,
                             limits: ChildProcess.Limits = .standard) throws -> Count {
        let (arguments, jobFile) = try workload.childCommand(for: executable, repeats: 1)
        defer { if let jobFile { try? FileManager.default.removeItem(atPath: jobFile) } }
        return try count(of: executable, arguments, scope: scope, limits: limits)
    }

    /// `instructions(of:…)` with the per-function self counts of the same run.
    /// - Throws: as `instructions(of:…)`.
    package static func count(of executable: String, _ arguments: [String], scope: Scope = .measuredRegion,
                             limits: ChildProcess.Limits = .standard) throws -> Count {
        guard let valgrind = valgrindPath else {
            throw GateInputError(message: "valgrind is not installed, and instruction mode needs it "
                                 + "(install it with: apt-get install -y valgrind)")
        }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-\(scope.rawValue)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let tool = switch scope {
        case .measuredRegion: ["--tool=callgrind", "--collect-atstart=no", "--toggle-collect=\(MeasuredRegion.symbol)",
                               "--callgrind-out-file=\(file)"]
        case .process: ["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=\(file)"]
        }
        // No data limit under valgrind, which runs the guest in its own address space and reserves far more.
        var unlimited = limits
        unlimited.memory = nil
        let output = try ChildProcess.run(valgrind, tool + [executable] + arguments, limits: unlimited, removing: [file])
        guard output.status == 0 else {
            throw GateInputError(message: "\(executable) \(arguments.joined(separator: " ")) failed under valgrind "
                                 + "(exit \(output.status)): \(output.standardError.suffix(400))")
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw GateInputError(message: "valgrind wrote no output to \(file)")
        }
        let total = try parseTotal(cachegrindOutput: text)
        guard total > 0 else {
            throw MissingRegion(executable: executable)
        }
        return Count(total: total, profile: FunctionProfile.parse(text))
    }

    /// A binary that never entered `MeasuredRegion` (built before it existed): count it with `.process` instead.
    package struct MissingRegion: MotionBenchError, CustomStringConvertible {
        /// The binary.
        package let executable: String
        /// What happened.
        package var description: String {
            "\(executable) has no \(MeasuredRegion.symbol) (built before workload-only counting); count it with scope process"
        }
    }

    /// The Ir total from a cachegrind or callgrind output file (`events: Ir` … `summary: N`).
    package static func parseTotal(cachegrindOutput text: String) throws -> UInt64 {
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
