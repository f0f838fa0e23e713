import Foundation
import MotionSupport

/// The gate against a base build: both binaries' instruction counts, and paired sequential timing.
extension PerformanceGate {
    /// How a paired comparison measures and decides.
    package struct PairedPlan: Sendable {
        /// Also count both binaries' instructions; they then decide, and timing is reported beside them.
        package var instructions: Bool
        /// Instruction increase above which a workload fails (a fraction: 0.02 = 2%).
        package var maxInstructionIncrease = 0.02
        /// CPU-time ratio increase the sequential timing rule tests against (0.05 = 5%).
        package var maxTimeIncrease = 0.05
        /// The most timing rounds per workload.
        package var maxRounds = 30
        /// Wall-clock seconds the timing phase may take; after the first round, a round that would not fit is not
        /// started. 0 skips timing.
        package var timeBudget = 110.0

        /// A plan; the other fields keep their defaults.
        package init(instructions: Bool) {
            self.instructions = instructions
        }
    }

    /// One row of a paired comparison: what the base side and this side each run. Two builds of motionbench run the
    /// same workload; two builds of an engine library run under this one motionbench, each its own workload.
    package struct PairedWorkload: Sendable {
        /// This side's workload (the row carries its name).
        package let head: GateWorkload
        /// The base side's workload: `head` itself when two binaries are compared, the base library's when two engines are.
        package let base: GateWorkload
        /// The base side's binary and this side's.
        package let baseExecutable: String, headExecutable: String

        /// A pair from its fields.
        package init(head: GateWorkload, base: GateWorkload, baseExecutable: String, headExecutable: String) {
            (self.head, self.base, self.baseExecutable, self.headExecutable) = (head, base, baseExecutable, headExecutable)
        }

        /// The executable and workload of one side.
        func side(base isBase: Bool) -> (executable: String, workload: GateWorkload) {
            isBase ? (baseExecutable, base) : (headExecutable, head)
        }
    }

    /// The paired design, base build against this build: `paired(_:plan:…)` on every workload, run by both binaries.
    /// - Throws: `GateInputError` when the base binary does not run a gate workload, or a measurement fails.
    package static func paired<G: RandomNumberGenerator>(
        base: String, workloads: [GateWorkload], plan: PairedPlan, using generator: inout G,
        limits: ChildProcess.Limits = .standard, progress: (String) -> Void = { _ in }
    ) throws -> Outcome {
        let head = currentExecutable
        let pairs = workloads.map { PairedWorkload(head: $0, base: $0, baseExecutable: base, headExecutable: head) }
        var outcome = try paired(pairs, plan: plan, using: &generator, limits: limits, progress: progress)
        if workloads.contains(where: { GateWorkload.isEngineName($0.name) }) {
            outcome.notes.insert("--against with --engine compares the two motionbench binaries (the harness) running one "
                                 + "engine library; to compare two builds of your library, use --engine HEAD.so "
                                 + "--base-engine BASE.so", at: 0)
        }
        return outcome
    }

    /// Two builds of an engine library under this one motionbench: `head` (the library under test) against `base`,
    /// on the same scenario, layers and frames. The instructions of the frame calls decide; paired CPU-time rounds
    /// are reported beside them (`plan.instructions` is implied).
    /// - Throws: `GateInputError` when a measurement fails.
    package static func pairedEngines<G: RandomNumberGenerator>(
        head: GateWorkload, base: GateWorkload, plan: PairedPlan, using generator: inout G,
        limits: ChildProcess.Limits = .standard, progress: (String) -> Void = { _ in }
    ) throws -> Outcome {
        var plan = plan
        plan.instructions = true
        let executable = currentExecutable
        let pair = PairedWorkload(head: head, base: base, baseExecutable: executable, headExecutable: executable)
        var outcome = try paired([pair], plan: plan, using: &generator, limits: limits, progress: progress)
        let library = { (workload: GateWorkload) in workload.engineLibraryPath ?? workload.name }
        outcome.notes.insert("engine \(library(head)) (this side) against \(library(base)) (base), both under \(executable)"
                             + (head.name == base.name ? "" : "; the base library's workload is \(base.name)"), at: 0)
        return outcome
    }

    /// The paired design on `pairs`, each row's base side against its own side.
    ///
    /// 1. With `plan.instructions`: both sides' measured-region instruction counts, the two valgrind runs side by
    ///    side on two cores (counts do not depend on load). Builds that predate the region are counted as whole
    ///    processes, both of them, with a note. These rows decide.
    /// 2. Timing, sequentially: each round runs every still-undecided workload on both sides as separate processes,
    ///    in random order, and records r = this/base (each process reports the minimum of `timingRepeats` passes).
    ///    After each round `GateDecision.sequential` puts a 99% interval on the median of r: a workload is decided
    ///    once the interval lies below or above 1 + `maxTimeIncrease`, and rounds stop when all are decided, at
    ///    `maxRounds`, or when the next round would overrun `timeBudget`. Undecided workloads are INCONCLUSIVE when
    ///    timing decides, and report-only (PASS, with the interval) when instructions decide; a timing regression
    ///    beside passing instruction counts is a WARN.
    package static func paired<G: RandomNumberGenerator>(
        _ pairs: [PairedWorkload], plan: PairedPlan, using generator: inout G,
        limits: ChildProcess.Limits = .standard, progress: (String) -> Void = { _ in }
    ) throws -> Outcome {
        var repeatsEverywhere = true
        for base in Set(pairs.map(\.baseExecutable)) {
            let check = try ChildProcess.run(base, ["_workload", "--help"], limits: limits)
            guard check.status == 0 else {
                throw GateInputError(message: "base binary \(base) does not run a gate workload (exit \(check.status)); "
                                     + "build it from the base commit with swift build -c release")
            }
            repeatsEverywhere = repeatsEverywhere && check.standardOutput.contains("--repeats")
        }
        var outcome = Outcome(rows: [], notes: [])
        var instructionRows: [GateWorkload: Row] = [:]
        if plan.instructions {
            let (counts, scope) = try countInstructions(pairs, limits: limits, progress: progress)
            if scope == .process {
                outcome.notes.append("the base build has no measured region (it predates workload-only counting): both builds "
                                     + "are counted as whole processes")
            }
            for (pair, count) in zip(pairs, counts) {
                let (change, verdict) = GateDecision.instructions(baseline: count.base.total, current: count.head.total,
                                                                  maxIncrease: plan.maxInstructionIncrease)
                var row = Row(
                    workload: pair.head.name, metric: "instructions (base vs this)", unit: "instructions",
                    baseline: Double(count.base.total), current: Double(count.head.total), change: change, verdict: verdict,
                    note: verdict == .fail ? "more than \(percent(plan.maxInstructionIncrease)) more instructions" : "")
                row.attach(base: count.base.profile, head: count.head.profile)
                instructionRows[pair.head] = row
            }
        }
        let timingRows = try sequentialTiming(pairs, plan: plan, repeats: repeatsEverywhere ? timingRepeats : 1,
                                              using: &generator, limits: limits, notes: &outcome.notes, progress: progress)
        for pair in pairs {
            if let row = instructionRows[pair.head] { outcome.rows.append(row) }
            if let row = timingRows[pair.head] { outcome.rows.append(row) }
        }
        return outcome
    }

    /// Both sides' instruction counts per pair, valgrind runs in parallel; the measured region where both sides have
    /// it, else whole processes for both.
    static func countInstructions(_ pairs: [PairedWorkload], limits: ChildProcess.Limits, progress: (String) -> Void)
        throws -> ([(base: InstructionCounter.Count, head: InstructionCounter.Count)], InstructionCounter.Scope)
    {
        func count(_ scope: InstructionCounter.Scope) throws -> [(base: InstructionCounter.Count, head: InstructionCounter.Count)] {
            try pairs.map { pair in
                progress("paired: counting instructions of \(pair.head.name) (\(scope.rawValue))")
                let results = ParallelResults<InstructionCounter.Count>(count: 2)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    let side = pair.side(base: index == 0)
                    results.set(index, Result { try InstructionCounter.count(
                        of: side.executable, workload: side.workload, scope: scope, limits: limits) })
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
}
