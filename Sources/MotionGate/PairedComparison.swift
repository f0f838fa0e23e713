import Foundation
import MotionSupport

/// The gate against a base build: both binaries' instruction counts, and paired sequential timing.
extension PerformanceGate {
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
                    workload: workload.name, metric: "instructions (base vs this)", unit: "instructions",
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
                progress("paired: counting instructions of \(workload.name) (\(scope.rawValue))")
                let results = ParallelResults<UInt64>(count: 2)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    results.set(index, Result { try InstructionCounter.instructions(
                        of: index == 0 ? base : head, workload.commandLine, scope: scope, limits: limits) })
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
