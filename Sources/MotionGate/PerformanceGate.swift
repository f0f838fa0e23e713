import Foundation
import MotionHarness
import MotionSupport
import MotionCore
import MotionOutput

/// Records baselines and runs the CI gate.
public enum PerformanceGate {
    /// What a gate or baseline measures.
    public enum Mode: String, Sendable, CaseIterable {
        case instructions, time, both
    }

    /// One workload's comparison.
    public struct Row: Sendable {
        /// Workload name.
        public var workload: String
        /// What was compared (instructions, CPU time, paired ratio).
        public var metric: String
        /// The unit of `baseline` and `current`: "instructions", "s" or "ratio" (this/base).
        public var unit: String
        /// Baseline (or base binary) value.
        public var baseline: Double
        /// Current value.
        public var current: Double
        /// Relative change (current/baseline − 1).
        public var change: Double
        /// Verdict.
        public var verdict: GateDecision.Verdict
        /// Why.
        public var note: String

        /// A row from its fields.
        public init(workload: String, metric: String, unit: String, baseline: Double, current: Double, change: Double,
                    verdict: GateDecision.Verdict, note: String) {
            (self.workload, self.metric, self.unit, self.baseline, self.current) = (workload, metric, unit, baseline, current)
            (self.change, self.verdict, self.note) = (change, verdict, note)
        }
    }

    /// A gate's outcome.
    public struct Outcome: Sendable {
        /// Per-workload rows.
        public var rows: [Row]
        /// Messages for the reader (toolchain mismatch, report-only time mode, load).
        public var notes: [String]
        /// An outcome from its rows and notes.
        public init(rows: [Row], notes: [String]) {
            (self.rows, self.notes) = (rows, notes)
        }

        /// The worst verdict.
        public var verdict: GateDecision.Verdict { rows.map(\.verdict).max() ?? .pass }
    }

    /// This process's executable (/proc/self/exe).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Times each workload process's loop this many times and keeps the smallest (see `GateWorkload.run(repeats:)`).
    /// Measured on this VM: a fresh process runs its first passes about 35% slower (0.096 s against 0.070 s on
    /// bezier-presets: frequency ramp, page faults, cold predictors); the minimum of 3 passes still landed in the slow
    /// state in most processes, the minimum of 10 within ±3% in every one.
    public static let timingRepeats = 10

    /// Runs `_workload NAME --repeats R` in a child process of `executable` and returns its CPU seconds (R = 1 runs a
    /// single pass without the option, for builds that predate it).
    /// - Throws: `GateInputError` when the binary does not run or prints something unexpected.
    public static func cpuSeconds(_ executable: String, _ workload: GateWorkload, repeats: Int = timingRepeats,
                                  limits: ChildProcess.Limits = .standard) throws -> Double {
        let arguments = ["_workload", workload.rawValue] + (repeats > 1 ? ["--repeats", "\(repeats)"] : [])
        let output = try ChildProcess.run(executable, arguments, limits: limits)
        guard output.status == 0,
              let data = output.standardOutput.data(using: .utf8),
              let object = try? StrictJSON.parse(data) as? [String: Any],
              let number = object["cpuSeconds"] as? NSNumber
        else {
            throw GateInputError(message: "\(executable) _workload \(workload.rawValue) did not run (exit \(output.status)): "
                                 + SafeText.quoted(String(output.standardError.suffix(300)) + String(output.standardOutput.suffix(200)), limit: 500))
        }
        let seconds = number.doubleValue
        guard seconds > 0, seconds <= GateBaseline.secondsLimit else {
            throw GateInputError(message: "\(executable) _workload \(workload.rawValue) reported cpuSeconds "
                                 + "\(formatOutputNumber(seconds)); expected a number of seconds in (0, \(Int(GateBaseline.secondsLimit))]")
        }
        return seconds
    }

    /// Median, min, max of `count` fresh-process CPU times.
    static func timeStatistics(_ executable: String, _ workload: GateWorkload, count: Int,
                               limits: ChildProcess.Limits) throws -> GateBaseline.TimeStatistics {
        var samples: [Double] = []
        for _ in 0..<count { samples.append(try cpuSeconds(executable, workload, limits: limits)) }
        samples.sort()
        return .init(median: samples[samples.count / 2], min: samples[0], max: samples[samples.count - 1], samples: count)
    }

    /// Records a baseline of `workloads` for this binary.
    public static func recordBaseline(workloads: [GateWorkload], mode: Mode, timeSamples: Int = 5,
                                      limits: ChildProcess.Limits = .standard,
                                      progress: (String) -> Void = { _ in }) throws -> GateBaseline {
        let executable = currentExecutable
        let machine = MachineInfo.current
        var measurements: [String: GateBaseline.Measurement] = [:]
        for workload in workloads {
            progress("baseline: \(workload.rawValue)")
            var measurement = GateBaseline.Measurement()
            if mode != .time {
                measurement.instructions = try InstructionCounter.instructions(of: executable, ["_workload", workload.rawValue],
                                                                               limits: limits)
            }
            if mode != .instructions {
                measurement.cpuSeconds = try timeStatistics(executable, workload, count: timeSamples, limits: limits)
            }
            measurements[workload.rawValue] = measurement
        }
        return GateBaseline(
            toolchain: Toolchain.current, valgrind: mode != .time ? InstructionCounter.valgrindVersion : nil,
            machine: ["cpu": machine.cpu, "cores": "\(machine.cores)", "memoryBytes": "\(machine.memoryBytes)"],
            timestamp: ISO8601DateFormatter().string(from: Date()), workloads: measurements)
    }

    /// Compares this binary with a baseline file. Instruction mode decides; time mode only reports.
    public static func compare(with baseline: GateBaseline, workloads: [GateWorkload], mode: Mode, maxIncrease: Double,
                               failOnToolchainMismatch: Bool, limits: ChildProcess.Limits = .standard,
                               progress: (String) -> Void = { _ in }) throws -> Outcome {
        let executable = currentExecutable
        var outcome = Outcome(rows: [], notes: [])
        let current = Toolchain.current
        if current != baseline.toolchain {
            outcome.notes.append("toolchain differs from the baseline's: baseline '\(baseline.toolchain)', this '\(current)'"
                                 + (failOnToolchainMismatch ? " (--toolchain-mismatch fail)" : "; instruction counts may move"))
        }
        for workload in workloads {
            guard let recorded = baseline.workloads[workload.rawValue] else {
                throw GateInputError(message: "the baseline has no '\(workload.rawValue)' workload; record it with "
                                     + "motionbench baseline --workloads \(workload.rawValue)")
            }
            progress("gate: \(workload.rawValue)")
            if mode == .instructions || mode == .both {
                guard let before = recorded.instructions else {
                    throw GateInputError(message: "the baseline has no instruction count for '\(workload.rawValue)' "
                                         + "(record with --mode instructions or both)")
                }
                let now = try InstructionCounter.instructions(of: executable, ["_workload", workload.rawValue], limits: limits)
                var (change, verdict) = GateDecision.instructions(baseline: before, current: now, maxIncrease: maxIncrease)
                var note = verdict == .fail ? "more than \(percent(maxIncrease)) more instructions"
                    : (verdict == .warn ? "between \(percent(GateDecision.warningThreshold)) and \(percent(maxIncrease))" : "")
                if failOnToolchainMismatch, current != baseline.toolchain {
                    verdict = .fail
                    note = "toolchain mismatch"
                }
                outcome.rows.append(Row(workload: workload.rawValue, metric: "instructions", unit: "instructions", baseline: Double(before),
                                        current: Double(now), change: change, verdict: verdict, note: note))
            }
            if mode == .time || mode == .both {
                guard let before = recorded.cpuSeconds else {
                    throw GateInputError(message: "the baseline has no CPU times for '\(workload.rawValue)' "
                                         + "(record with --mode time or both)")
                }
                let now = try timeStatistics(executable, workload, count: 5, limits: limits)
                outcome.rows.append(Row(workload: workload.rawValue, metric: "cpu seconds (median)", unit: "s", baseline: before.median,
                                        current: now.median, change: now.median / before.median - 1, verdict: .pass,
                                        note: "report only"))
            }
        }
        if mode != .instructions {
            outcome.notes.append("time against a stored baseline is report-only: the same binary moves ±13% between "
                                 + "batches on shared machines; use --against BASE_BINARY for a timing decision")
        }
        return outcome
    }

    /// The paired design: base and this binary run each workload as separate processes, interleaved in random order
    /// for `rounds` rounds; r = this/base per round; FAIL if median(r) > 1 + P with IQR(r) < 0.10, INCONCLUSIVE if
    /// IQR ≥ 0.10 or the load average exceeds the core count at the start, else PASS. With `instructions`, the
    /// instruction comparison of the two binaries is added and decides when it fails.
    public static func paired<G: RandomNumberGenerator>(
        base: String, workloads: [GateWorkload], rounds: Int, maxIncrease: Double, instructions: Bool,
        using generator: inout G, limits: ChildProcess.Limits = .standard, progress: (String) -> Void = { _ in }
    ) throws -> Outcome {
        let head = currentExecutable
        let check = try ChildProcess.run(base, ["_workload", "--help"], limits: limits)
        guard check.status == 0 else {
            throw GateInputError(message: "base binary \(base) does not run a gate workload (exit \(check.status)); "
                                 + "build it from the base commit with swift build -c release")
        }
        var outcome = Outcome(rows: [], notes: [])
        // Both binaries must be timed the same way: a base that predates --repeats is timed single-pass, and so is
        // this build then.
        let repeats = check.standardOutput.contains("--repeats") ? timingRepeats : 1
        if repeats == 1 {
            outcome.notes.append("the base build has no _workload --repeats: both builds are timed single-pass (noisier)")
        }
        let load = loadAverage(), cores = ProcessInfo.processInfo.activeProcessorCount
        outcome.notes.append("load average at start \(load) on \(cores) cores")
        for workload in workloads {
            var ratios: [Double] = []
            for round in 1...rounds {
                progress("paired: \(workload.rawValue) round \(round)/\(rounds)")
                let baseFirst = Bool.random(using: &generator)
                let first = try cpuSeconds(baseFirst ? base : head, workload, repeats: repeats, limits: limits)
                let second = try cpuSeconds(baseFirst ? head : base, workload, repeats: repeats, limits: limits)
                let (baseTime, headTime) = baseFirst ? (first, second) : (second, first)
                ratios.append(headTime / baseTime)
            }
            let (summary, verdict, reason) = GateDecision.paired(ratios: ratios, maxIncrease: maxIncrease,
                                                                 loadAverage: load, cores: cores)
            outcome.rows.append(Row(workload: workload.rawValue, metric: "paired cpu ratio (median; IQR \(format(summary.interquartileRange)))",
                                    unit: "ratio", baseline: 1, current: summary.median, change: summary.median - 1, verdict: verdict, note: reason))
            if instructions {
                let before = try InstructionCounter.instructions(of: base, ["_workload", workload.rawValue], limits: limits)
                let now = try InstructionCounter.instructions(of: head, ["_workload", workload.rawValue], limits: limits)
                let (change, verdict) = GateDecision.instructions(baseline: before, current: now, maxIncrease: maxIncrease)
                outcome.rows.append(Row(workload: workload.rawValue, metric: "instructions (base vs this)",
                                        unit: "instructions", baseline: Double(before), current: Double(now), change: change, verdict: verdict,
                                        note: verdict == .fail ? "decisive" : ""))
            }
        }
        return outcome
    }

    /// The 1-minute load average (/proc/loadavg), 0 when unknown.
    public static func loadAverage() -> Double {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
    }

    static func percent(_ fraction: Double) -> String {
        fraction.isFinite ? String(format: "%+.3f%%", fraction * 100) : "n/a"
    }

    static func format(_ value: Double) -> String { String(format: "%.4g", value) }

    /// The outcome as a table (people), markdown (PR comments) or JSON (machines).
    /// `metadata` (tool, version, toolchain, machine, time, commit) is included in JSON.
    public static func render(_ outcome: Outcome, format style: String, metadata: RunMetadata? = nil) -> String {
        switch style {
        case "json":
            struct RowJSON: Encodable {
                let workload, metric, unit: String
                let baseline, current, change, changePercent: ReportNumber
                let verdict, note: String
            }
            struct Document: Encodable {
                let verdict: String
                let rows: [RowJSON]
                let notes: [String]
                let metadata: RunMetadata?
            }
            let document = Document(verdict: outcome.verdict.rawValue, rows: outcome.rows.map {
                RowJSON(workload: $0.workload, metric: $0.metric, unit: $0.unit, baseline: ReportNumber($0.baseline),
                        current: ReportNumber($0.current), change: ReportNumber($0.change),
                        changePercent: ReportNumber($0.change * 100), verdict: $0.verdict.rawValue, note: $0.note)
            }, notes: outcome.notes, metadata: metadata)
            // Every number goes through ReportNumber, so encoding cannot meet a non-finite Double.
            return (try? ReportJSON.document(document)) ?? "{}\n"
        case let name where ExportFormats.named(name) != nil:
            let metrics = outcome.rows.map { row in
                ExportMetric(benchmark: row.workload, measure: row.unit == "instructions" ? "instructions"
                                : (row.unit == "s" ? "cpu-seconds" : "paired-cpu-ratio"), unit: row.unit, value: row.current,
                             failure: row.verdict == .fail ? "\(row.metric): \(format(row.current)) against \(format(row.baseline)) "
                                + "(\(percent(row.change))); \(row.note)" : nil)
            }
            return (try? ExportFormats.named(name)!.render(metrics, metadata?.exportContext ?? ExportContext())) ?? "{}\n"
        case "markdown":
            var text = "**Performance gate: \(outcome.verdict.rawValue)**\n\n| workload | metric | baseline | current | change | verdict |\n|---|---|---:|---:|---:|---|\n"
            for row in outcome.rows {
                text += "| \(row.workload) | \(row.metric) | \(format(row.baseline)) | \(format(row.current)) | \(percent(row.change)) | \(row.verdict.rawValue) |\n"
            }
            return text + outcome.notes.map { "\n> \($0)" }.joined() + "\n"
        default:
            let header = ["workload", "metric", "baseline", "current", "change", "verdict", "note"]
            let cells = outcome.rows.map { [$0.workload, $0.metric, format($0.baseline), format($0.current), percent($0.change),
                                            $0.verdict.rawValue, $0.note] }
            let all = [header] + cells
            let widths = header.indices.map { column in all.map { $0[column].count }.max()! }
            var text = all.map { row in zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
                .joined(separator: "  ") }.joined(separator: "\n")
            text += "\n" + outcome.notes.map { "note: \($0)\n" }.joined() + "gate: \(outcome.verdict.rawValue)\n"
            return text
        }
    }
}
