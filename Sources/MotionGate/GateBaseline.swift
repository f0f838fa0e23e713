import Foundation
import MotionHarness
import MotionSupport
import MotionCore
import MotionOutput

/// A recorded gate baseline (JSON, written atomically).
package struct GateBaseline: Codable, Sendable {
    /// CPU-time statistics of a workload over fresh processes, in seconds.
    package struct TimeStatistics: Codable, Sendable {
        /// Median CPU time.
        package var median: Double
        /// Fastest run.
        package var min: Double
        /// Slowest run.
        package var max: Double
        /// Runs.
        package var samples: Int
    }

    /// One workload's measurements.
    package struct Measurement: Codable, Sendable {
        /// Instructions of `motionbench _workload NAME` in the baseline's `instructionScope`, when recorded.
        package var instructions: UInt64?
        /// CPU time of the measured loop, when recorded.
        package var cpuSeconds: TimeStatistics?
        /// Where the instructions went: the largest functions' self counts and the rest summed (absent in baselines
        /// recorded before the gate kept them; the field is optional, so the format version is unchanged).
        package var functions: FunctionProfile?
        /// An engine workload's frames, threads and library identity (absent for built-in workloads and in baselines
        /// recorded before it was kept).
        package var engine: EngineWorkloadKey?

        /// An empty measurement.
        package init(instructions: UInt64? = nil, cpuSeconds: TimeStatistics? = nil, functions: FunctionProfile? = nil,
                    engine: EngineWorkloadKey? = nil) {
            self.instructions = instructions
            self.cpuSeconds = cpuSeconds
            self.functions = functions
            self.engine = engine
        }

        /// Decodes `instructions` through a `Double` so that a negative, fractional or huge count is reported with
        /// its field name instead of as invalid JSON.
        package init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cpuSeconds = try container.decodeIfPresent(TimeStatistics.self, forKey: .cpuSeconds)
            functions = try container.decodeIfPresent(FunctionProfile.self, forKey: .functions)
            engine = try container.decodeIfPresent(EngineWorkloadKey.self, forKey: .engine)
            guard let count = try container.decodeIfPresent(Double.self, forKey: .instructions) else { return }
            guard count >= 1, count <= Double(GateBaseline.instructionLimit), count == count.rounded(.down) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .instructions, in: container,
                    debugDescription: "\(formatOutputNumber(count)) must be a whole number in 1…\(GateBaseline.instructionLimit)")
            }
            instructions = UInt64(count)
        }
    }

    /// The machine a baseline was recorded on.
    package struct Machine: Codable, Sendable, Equatable {
        /// CPU model.
        package var cpu: String
        /// Logical cores.
        package var cores: Int
        /// Physical memory in bytes.
        package var memoryBytes: UInt64

        /// A machine from its fields.
        package init(cpu: String, cores: Int, memoryBytes: UInt64) {
            (self.cpu, self.cores, self.memoryBytes) = (cpu, cores, memoryBytes)
        }

        /// Reads numbers, or (version 1 files) the same numbers written as strings; a field that is absent (version 1
        /// did not require any) reads as "unknown" or 0.
        package init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            cpu = try container.decodeIfPresent(String.self, forKey: .cpu) ?? "unknown"
            func whole<T: FixedWidthInteger & Decodable>(_ key: CodingKeys, _ type: T.Type) throws -> T {
                guard container.contains(key) else { return 0 }
                if let number = try? container.decode(T.self, forKey: key) { return number }
                guard let text = try? container.decode(String.self, forKey: key), let number = T(text) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "expected a whole number ≥ 0")
                }
                return number
            }
            cores = try whole(.cores, Int.self)
            memoryBytes = try whole(.memoryBytes, UInt64.self)
        }
    }

    /// The format version this build writes (2: typed machine, `instructionScope`). Version 1 files still read:
    /// their counts cover the whole process.
    package static let currentVersion = 2
    /// Format version.
    package var version = GateBaseline.currentVersion
    /// `swift --version` of the toolchain that built the measured binary's environment.
    package var toolchain: String
    /// `valgrind --version`, when instructions were recorded.
    package var valgrind: String?
    /// What the instruction counts cover: the measured region (version 2) or the whole process (version 1 files).
    package var instructionScope: InstructionCounter.Scope
    /// Where it was recorded.
    package var machine: Machine
    /// The tool version that recorded it (`ToolVersion.number`; absent in older files).
    package var toolVersion: String?
    /// The checked-out commit it was recorded at, when recorded inside a checkout.
    package var commit: String?
    /// The unit of each recorded figure.
    package var units: [String: String]? = GateBaseline.figureUnits

    /// Units of the figures a baseline records.
    package static let figureUnits = ["instructions": "instructions (measured region or whole process: instructionScope)",
                                     "cpuSeconds": "s (CPU time of the measured loop)"]
    /// ISO 8601 time of recording.
    package var timestamp: String
    /// Per workload name.
    package var workloads: [String: Measurement]

    /// A baseline from its fields, in the current version.
    package init(toolchain: String, valgrind: String?, instructionScope: InstructionCounter.Scope, machine: Machine,
                timestamp: String, workloads: [String: Measurement]) {
        (self.toolchain, self.valgrind, self.instructionScope, self.machine) = (toolchain, valgrind, instructionScope, machine)
        (self.timestamp, self.workloads) = (timestamp, workloads)
    }

    enum CodingKeys: String, CodingKey {
        case version, toolchain, valgrind, instructionScope, machine, toolVersion, commit, units, timestamp, workloads
    }

    /// Reads version 1 and 2 files; a version 1 file's counts cover the whole process.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard (1...Self.currentVersion).contains(version) else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container,
                                                   debugDescription: "\(version) is not a version this build reads (1 or 2)")
        }
        toolchain = try container.decode(String.self, forKey: .toolchain)
        valgrind = try container.decodeIfPresent(String.self, forKey: .valgrind)
        instructionScope = version == 1 ? .process : try container.decode(InstructionCounter.Scope.self, forKey: .instructionScope)
        machine = try container.decode(Machine.self, forKey: .machine)
        toolVersion = try container.decodeIfPresent(String.self, forKey: .toolVersion)
        commit = try container.decodeIfPresent(String.self, forKey: .commit)
        units = try container.decodeIfPresent([String: String].self, forKey: .units)
        timestamp = try container.decode(String.self, forKey: .timestamp)
        workloads = try container.decode([String: Measurement].self, forKey: .workloads)
    }

    /// The workloads this baseline holds, in the gate's order.
    package var recordedWorkloads: [GateWorkload] {
        GateWorkloads.all.filter { workloads[$0.name] != nil }
    }

    /// Reads and validates a baseline file.
    /// - Throws: `GateInputError` naming the file when it is missing or corrupt.
    package static func read(_ path: String) throws -> GateBaseline {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw GateInputError(message: "baseline \(path) \(error.reason) (record one with: motionbench baseline --output FILE)")
        }
        do {
            try StrictJSON.validate(data)
        } catch {
            throw GateInputError(message: "baseline \(path) is not valid JSON: \(error)")
        }
        let baseline: GateBaseline
        do {
            baseline = try JSONDecoder().decode(GateBaseline.self, from: data)
        } catch let error as DecodingError {
            throw GateInputError(message: "baseline \(path): \(Self.describe(error))")
        } catch {
            throw GateInputError(message: "baseline \(path) is not a valid baseline file: \(error)")
        }
        if let problem = baseline.firstProblem() {
            throw GateInputError(message: "baseline \(path): \(problem)")
        }
        return baseline
    }

    /// The most instructions a recorded workload may report (a workload runs for well under a second; 1e12 would
    /// take minutes even natively).
    package static let instructionLimit: UInt64 = 1_000_000_000_000
    /// The most CPU seconds a recorded workload may report.
    package static let secondsLimit = 600.0

    /// The first field that breaks the rules, as `field: problem`, or nil when every field is plausible.
    func firstProblem() -> String? {
        if workloads.isEmpty { return "workloads: must name at least one workload" }
        for (name, measurement) in workloads.sorted(by: { $0.key < $1.key }) {
            let field = "workloads.\(SafeText.quoted(name))"
            guard GateWorkloads.named(name) != nil || GateWorkload.isEngineName(name) else {
                return "\(field): unknown workload; known: " + GateWorkloads.names.joined(separator: ", ")
                    + ", or engine:NAME/SCENARIO/LAYERS (recorded with --engine)"
            }
            if measurement.instructions == nil, measurement.cpuSeconds == nil {
                return "\(field): has neither instructions nor cpuSeconds"
            }
            if let count = measurement.instructions, count == 0 || count > Self.instructionLimit {
                return "\(field).instructions: \(count) must be a whole number in 1…\(Self.instructionLimit)"
            }
            if let profile = measurement.functions {
                if profile.functions.count > 1_000 {
                    return "\(field).functions.functions: \(profile.functions.count) entries; at most 1000"
                }
                if let function = profile.functions.first(where: { $0.instructions > Self.instructionLimit || $0.name.isEmpty }) {
                    return "\(field).functions: \(SafeText.quoted(function.name)) needs a name and at most "
                        + "\(Self.instructionLimit) instructions"
                }
                if profile.otherInstructions > Self.instructionLimit {
                    return "\(field).functions.otherInstructions: \(profile.otherInstructions) is above \(Self.instructionLimit)"
                }
            }
            if let times = measurement.cpuSeconds {
                for (key, value) in [("median", times.median), ("min", times.min), ("max", times.max)]
                where !(value > 0 && value <= Self.secondsLimit) {
                    return "\(field).cpuSeconds.\(key): \(formatOutputNumber(value)) must be a number of seconds in (0, \(Int(Self.secondsLimit))]"
                }
                if !(times.min <= times.median && times.median <= times.max) {
                    return "\(field).cpuSeconds: min ≤ median ≤ max does not hold"
                }
                if times.samples < 1 || times.samples > 1000 {
                    return "\(field).cpuSeconds.samples: \(times.samples) must be a whole number in 1…1000"
                }
            }
        }
        return nil
    }

    /// A decoding error as `field: what was expected`.
    static func describe(_ error: DecodingError) -> String {
        func field(_ path: [CodingKey]) -> String {
            path.isEmpty ? "(top level)" : SafeText.quoted(path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                .joined(separator: ".").replacingOccurrences(of: ".[", with: "["))
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(field(context.codingPath)): expected \(describe(type)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "\(field(context.codingPath)): expected \(describe(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            return "\(field(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is UInt64.Type, is Int.Type: return "a whole number ≥ 0"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        default: return "\(type)"
        }
    }

    /// The recorded figures for a dashboard, per workload: instructions, and the median CPU seconds with their
    /// min–max range.
    package var exportMetrics: [ExportMetric] {
        recordedWorkloads.flatMap { workload -> [ExportMetric] in
            guard let measurement = workloads[workload.name] else { return [] }
            var metrics: [ExportMetric] = []
            if let count = measurement.instructions {
                metrics.append(ExportMetric(benchmark: workload.name, measure: "instructions", unit: "instructions",
                                            value: Double(count)))
            }
            if let times = measurement.cpuSeconds {
                metrics.append(ExportMetric(benchmark: workload.name, measure: "cpu-seconds", unit: "s", value: times.median,
                                            range: (times.min, times.max)))
            }
            return metrics
        }
    }

    /// The baseline as pretty JSON with sorted keys.
    /// - Throws: the `EncodingError` of a field JSON cannot hold.
    package func encoded() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}

extension InputContract {
    /// A baseline file's bytes (`gate --baseline FILE`): nil when it is rejected with a `GateInputError` or accepted
    /// with every recorded figure in range; a description otherwise.
    package static func checkBaseline(_ data: Data) -> String? {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-contract-\(getpid())-\(UUID().uuidString).json").path
        guard FileManager.default.createFile(atPath: path, contents: data) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let baseline = try GateBaseline.read(path)
            return baseline.firstProblem().map { "accepted a baseline with \($0)" }
        } catch is GateInputError {
            return nil
        } catch {
            return "baseline rejected without naming the field: \(error)"
        }
    }
}
