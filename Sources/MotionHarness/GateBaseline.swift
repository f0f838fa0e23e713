import Foundation

/// A recorded gate baseline (JSON, written atomically).
public struct GateBaseline: Codable, Sendable {
    /// CPU-time statistics of a workload over fresh processes, in seconds.
    public struct TimeStatistics: Codable, Sendable {
        /// Median CPU time.
        public var median: Double
        /// Fastest run.
        public var min: Double
        /// Slowest run.
        public var max: Double
        /// Runs.
        public var samples: Int
    }

    /// One workload's measurements.
    public struct Measurement: Codable, Sendable {
        /// cachegrind's Ir total for `motionbench _workload NAME` (whole process), when recorded.
        public var instructions: UInt64?
        /// CPU time of the measured loop, when recorded.
        public var cpuSeconds: TimeStatistics?
    }

    /// Format version.
    public var version = 1
    /// `swift --version` of the toolchain that built the measured binary's environment.
    public var toolchain: String
    /// `valgrind --version`, when instructions were recorded.
    public var valgrind: String?
    /// Where it was recorded.
    public var machine: [String: String]
    /// ISO 8601 time of recording.
    public var timestamp: String
    /// Per workload name.
    public var workloads: [String: Measurement]

    /// Reads and validates a baseline file.
    /// - Throws: `GateInputError` naming the file when it is missing or corrupt.
    public static func read(_ path: String) throws -> GateBaseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GateInputError(message: "baseline \(path) does not exist or cannot be read "
                                 + "(record one with: motionbench baseline --output \(path))")
        }
        do {
            let baseline = try JSONDecoder().decode(GateBaseline.self, from: data)
            guard baseline.version == 1 else {
                throw GateInputError(message: "baseline \(path) has version \(baseline.version); this build reads version 1")
            }
            return baseline
        } catch let error as GateInputError {
            throw error
        } catch {
            throw GateInputError(message: "baseline \(path) is not a valid baseline file: \(error)")
        }
    }

    /// The baseline as pretty JSON with sorted keys.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try! encoder.encode(self), as: UTF8.self) + "\n"
    }
}
