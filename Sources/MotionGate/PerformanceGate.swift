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
        /// The spread of `current` where it was measured repeatedly (paired timing: the confidence interval on the
        /// median ratio; a baseline's time: min…max), in `unit`.
        public var spread: ClosedRange<Double>?
        /// How many measurements `current` summarises (paired rounds, processes), or nil for a single count.
        public var samples: Int?

        /// A row from its fields.
        public init(workload: String, metric: String, unit: String, baseline: Double, current: Double, change: Double,
                    verdict: GateDecision.Verdict, note: String, spread: ClosedRange<Double>? = nil, samples: Int? = nil) {
            (self.workload, self.metric, self.unit, self.baseline, self.current) = (workload, metric, unit, baseline, current)
            (self.change, self.verdict, self.note, self.spread, self.samples) = (change, verdict, note, spread, samples)
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
                                                                               scope: .measuredRegion, limits: limits)
            }
            if mode != .instructions {
                measurement.cpuSeconds = try timeStatistics(executable, workload, count: timeSamples, limits: limits)
            }
            measurements[workload.rawValue] = measurement
        }
        var baseline = GateBaseline(
            toolchain: Toolchain.current, valgrind: mode != .time ? InstructionCounter.valgrindVersion : nil,
            instructionScope: .measuredRegion,
            machine: .init(cpu: machine.cpu, cores: machine.cores, memoryBytes: machine.memoryBytes),
            timestamp: ISO8601DateFormatter().string(from: Date()), workloads: measurements)
        baseline.toolVersion = ToolVersion.number
        baseline.commit = RunMetadata.gitCommit()
        return baseline
    }

    /// Compares this binary with a baseline file. Instruction mode decides; time mode only reports.
    public static func compare(with baseline: GateBaseline, workloads: [GateWorkload], mode: Mode, maxIncrease: Double,
                               failOnToolchainMismatch: Bool, limits: ChildProcess.Limits = .standard,
                               progress: (String) -> Void = { _ in }) throws -> Outcome {
        let executable = currentExecutable
        var outcome = Outcome(rows: [], notes: [])
        let current = Toolchain.current
        if baseline.instructionScope == .process, mode != .time {
            outcome.notes.append("the baseline (version \(baseline.version)) counts whole processes, so this build is counted the "
                                 + "same way; re-record it to count the measured loop only")
        }
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
                let now = try InstructionCounter.instructions(of: executable, ["_workload", workload.rawValue],
                                                              scope: baseline.instructionScope, limits: limits)
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
                                        note: "report only", spread: now.min...now.max, samples: now.samples))
            }
        }
        if mode != .instructions {
            outcome.notes.append("time against a stored baseline is report-only: the same binary moves ±13% between "
                                 + "batches on shared machines; use --against BASE_BINARY for a timing decision")
        }
        return outcome
    }

    /// How a paired comparison measures and decides.
    public struct PairedPlan: Sendable {
        /// Also count both binaries' instructions; they then decide, and timing is reported beside them.
        public var instructions: Bool
        /// Instruction increase above which a workload fails (a fraction: 0.02 = 2%).
        public var maxInstructionIncrease = 0.02
        /// CPU-time ratio increase the sequential timing rule tests against (0.05 = 5%).
        public var maxTimeIncrease = 0.05
        /// The most timing rounds per workload.
        public var maxRounds = 30
        /// Wall-clock seconds the timing phase may take; after the first round, a round that would not fit is not
        /// started. 0 skips timing.
        public var timeBudget = 110.0

        /// A plan; the other fields keep their defaults.
        public init(instructions: Bool) {
            self.instructions = instructions
        }
    }

    /// The paired design, base build against this build.
    ///
    /// 1. With `plan.instructions`: both binaries' measured-region instruction counts, the two valgrind runs side by
    ///    side on two cores (counts do not depend on load). Builds that predate the region are counted as whole
    ///    processes, both of them, with a note. These rows decide.
    /// 2. Timing, sequentially: each round runs every still-undecided workload in base and this build as separate
    ///    processes, in random order, and records r = this/base (each process reports the minimum of
    ///    `timingRepeats` passes). After each round `GateDecision.sequential` puts a 99% interval on the median of r:
    ///    a workload is decided once the interval lies below or above 1 + `maxTimeIncrease`, and rounds stop when all
    ///    are decided, at `maxRounds`, or when the next round would overrun `timeBudget`. Undecided workloads are
    ///    INCONCLUSIVE when timing decides, and report-only (PASS, with the interval) when instructions decide; a
    ///    timing regression beside passing instruction counts is a WARN.
    public static func paired<G: RandomNumberGenerator>(
        base: String, workloads: [GateWorkload], plan: PairedPlan, using generator: inout G,
        limits: ChildProcess.Limits = .standard, progress: (String) -> Void = { _ in }
    ) throws -> Outcome {
        let head = currentExecutable
        let check = try ChildProcess.run(base, ["_workload", "--help"], limits: limits)
        guard check.status == 0 else {
            throw GateInputError(message: "base binary \(base) does not run a gate workload (exit \(check.status)); "
                                 + "build it from the base commit with swift build -c release")
        }
        var outcome = Outcome(rows: [], notes: [])
        var instructionRows: [GateWorkload: Row] = [:]
        if plan.instructions {
            let (counts, scope) = try countInstructions(base: base, head: head, workloads: workloads, limits: limits, progress: progress)
            if scope == .process {
                outcome.notes.append("the base build has no measured region (it predates workload-only counting): both builds "
                                     + "are counted as whole processes")
            }
            for (workload, count) in zip(workloads, counts) {
                let (change, verdict) = GateDecision.instructions(baseline: count.base, current: count.head,
                                                                  maxIncrease: plan.maxInstructionIncrease)
                instructionRows[workload] = Row(
                    workload: workload.rawValue, metric: "instructions (base vs this)", unit: "instructions",
                    baseline: Double(count.base), current: Double(count.head), change: change, verdict: verdict,
                    note: verdict == .fail ? "more than \(percent(plan.maxInstructionIncrease)) more instructions" : "")
            }
        }
        let timingRows = try sequentialTiming(base: base, head: head, workloads: workloads, plan: plan, check: check,
                                              using: &generator, limits: limits, notes: &outcome.notes, progress: progress)
        for workload in workloads {
            if let row = instructionRows[workload] { outcome.rows.append(row) }
            if let row = timingRows[workload] { outcome.rows.append(row) }
        }
        return outcome
    }

    /// Both builds' instruction counts per workload, valgrind runs in parallel; the measured region where both builds
    /// have it, else whole processes for both.
    static func countInstructions(base: String, head: String, workloads: [GateWorkload], limits: ChildProcess.Limits,
                                  progress: (String) -> Void) throws -> ([(base: UInt64, head: UInt64)], InstructionCounter.Scope) {
        func count(_ scope: InstructionCounter.Scope) throws -> [(base: UInt64, head: UInt64)] {
            try workloads.map { workload in
                progress("paired: counting instructions of \(workload.rawValue) (\(scope.rawValue))")
                let results = ParallelResults<UInt64>(count: 2)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    results.set(index, Result { try InstructionCounter.instructions(
                        of: index == 0 ? base : head, ["_workload", workload.rawValue], scope: scope, limits: limits) })
                }
                return (try results.get(0), try results.get(1))
            }
        }
        do {
            return (try count(.measuredRegion), .measuredRegion)
        } catch is InstructionCounter.MissingRegion {
            return (try count(.process), .process)
        }
    }

    /// Sequential paired timing (see `paired`): one row per workload that was timed.
    static func sequentialTiming<G: RandomNumberGenerator>(
        base: String, head: String, workloads: [GateWorkload], plan: PairedPlan, check: ChildProcess.Output,
        using generator: inout G, limits: ChildProcess.Limits, notes: inout [String], progress: (String) -> Void
    ) throws -> [GateWorkload: Row] {
        guard plan.timeBudget > 0, plan.maxRounds > 0 else {
            notes.append("timing skipped (--time-budget 0)")
            return [:]
        }
        // Both binaries must be timed the same way: a base that predates --repeats is timed single-pass, and so is
        // this build then.
        let repeats = check.standardOutput.contains("--repeats") ? timingRepeats : 1
        if repeats == 1 {
            notes.append("the base build has no _workload --repeats: both builds are timed single-pass (noisier)")
        }
        notes.append("load average at start \(loadAverage()) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let started = Date()
        var ratios: [GateWorkload: [Double]] = [:], pairSeconds: [GateWorkload: Double] = [:]
        var decisions: [GateWorkload: (GateDecision.MedianInterval, GateDecision.Verdict?, String)] = [:]
        var undecided = workloads
        var rounds = 0
        while !undecided.isEmpty, rounds < plan.maxRounds {
            let elapsed = Date().timeIntervalSince(started)
            let estimate = undecided.reduce(0) { $0 + (pairSeconds[$1] ?? 0) }
            guard rounds == 0 ? true : elapsed + estimate <= plan.timeBudget else { break }
            rounds += 1
            for workload in undecided.shuffled(using: &generator) {
                progress("paired timing: round \(rounds), \(workload.rawValue), \(undecided.count) undecided, "
                         + "\(Int(Date().timeIntervalSince(started))) of \(Int(plan.timeBudget)) s")
                let pairStart = Date()
                let baseFirst = Bool.random(using: &generator)
                let first = try cpuSeconds(baseFirst ? base : head, workload, repeats: repeats, limits: limits)
                let second = try cpuSeconds(baseFirst ? head : base, workload, repeats: repeats, limits: limits)
                let (baseTime, headTime) = baseFirst ? (first, second) : (second, first)
                ratios[workload, default: []].append(headTime / baseTime)
                pairSeconds[workload] = Date().timeIntervalSince(pairStart)
                decisions[workload] = GateDecision.sequential(ratios: ratios[workload]!, maxIncrease: plan.maxTimeIncrease)
            }
            undecided = undecided.filter { decisions[$0]?.1 == nil }
        }
        notes.append("timing: \(rounds) rounds in \(Int(Date().timeIntervalSince(started))) s (budget \(Int(plan.timeBudget)) s); "
                     + "each round runs base and this build once per undecided workload, each process the minimum of "
                     + "\(repeats) passes")
        var rows: [GateWorkload: Row] = [:]
        for workload in workloads {
            guard let (interval, decided, reason) = decisions[workload] else { continue }
            var verdict: GateDecision.Verdict, note: String
            switch (decided, plan.instructions) {
            case (.fail?, true): (verdict, note) = (.warn, "slower beyond \(percent(plan.maxTimeIncrease)): \(reason) (instructions decide)")
            case (let decision?, true): (verdict, note) = (decision == .pass ? .pass : .warn, "\(reason) (report only)")
            case (nil, true): (verdict, note) = (.pass, "undecided within the time budget: \(reason) (report only)")
            case (let decision?, false): (verdict, note) = (decision, reason)
            case (nil, false): (verdict, note) = (.inconclusive, "undecided within the time budget: \(reason)")
            }
            // The spread shown is the interval on the median once there are enough rounds, else the observed range.
            let observed = ratios[workload]!
            let spread = interval.lower.flatMap { lower in interval.upper.map { lower...$0 } }
                ?? observed.min()!...observed.max()!
            let metric = interval.lower == nil ? "paired cpu ratio (median; range)" : "paired cpu ratio (median; 99% interval)"
            rows[workload] = Row(workload: workload.rawValue, metric: metric, unit: "ratio", baseline: 1,
                                 current: interval.summary.median, change: interval.summary.median - 1, verdict: verdict,
                                 note: note, spread: spread, samples: interval.summary.count)
        }
        return rows
    }

    /// The 1-minute load average (/proc/loadavg), 0 when unknown.
    public static func loadAverage() -> Double {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.flatMap { Double($0) } ?? 0
    }

    static func percent(_ fraction: Double) -> String {
        fraction.isFinite ? String(format: "%+.3f%%", fraction * 100) : "n/a"
    }
}
