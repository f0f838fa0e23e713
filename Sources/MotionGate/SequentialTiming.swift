import Foundation
import MotionSupport

/// The paired gate's sequential timing (see `PerformanceGate.paired`): rounds of base/this process pairs until each
/// workload's interval on the median ratio decides, then one row per timed workload.
extension PerformanceGate {
    /// What the timing rounds gathered per workload: the ratios this/base, and the latest decision.
    struct TimingRounds {
        /// This/base CPU-time ratios, one per round the workload took part in.
        var ratios: [GateWorkload: [Double]] = [:]
        /// The interval on the median ratio, the decision (nil: undecided) and its reason.
        var decisions: [GateWorkload: (GateDecision.MedianInterval, GateDecision.Verdict?, String)] = [:]
        /// Rounds run.
        var count = 0
    }

    /// Sequential paired timing (see `paired`): one row per workload that was timed.
    static func sequentialTiming<G: RandomNumberGenerator>(
        _ pairs: [PairedWorkload], plan: PairedPlan, repeats: Int,
        using generator: inout G, limits: ChildProcess.Limits, notes: inout [String], progress: (String) -> Void
    ) throws -> [GateWorkload: Row] {
        guard plan.timeBudget > 0, plan.maxRounds > 0 else {
            notes.append("timing skipped (--time-budget 0)")
            return [:]
        }
        // Both sides must be timed the same way: a base that predates --repeats is timed single-pass, and so is this
        // side then (`repeats` is 1).
        if repeats == 1 {
            notes.append("the base build has no _workload --repeats: both builds are timed single-pass (noisier)")
        }
        notes.append("load average at start \(loadAverage()) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let started = Date()
        let rounds = try timingRounds(pairs, plan: plan, repeats: repeats,
                                      using: &generator, limits: limits, progress: progress)
        notes.append("timing: \(rounds.count) rounds in \(Int(Date().timeIntervalSince(started))) s (budget \(Int(plan.timeBudget)) s); "
                     + "each round runs the base side and this side once per undecided workload, each process the minimum of "
                     + "\(repeats) passes")
        var rows: [GateWorkload: Row] = [:]
        for workload in pairs.map(\.head) {
            guard let decision = rounds.decisions[workload], let observed = rounds.ratios[workload] else { continue }
            rows[workload] = timingRow(workload, decision, observed: observed, plan: plan)
        }
        return rows
    }

    /// Runs rounds until every workload is decided, `plan.maxRounds` is reached or the next round would overrun
    /// `plan.timeBudget` (the first round always runs).
    static func timingRounds<G: RandomNumberGenerator>(
        _ pairs: [PairedWorkload], plan: PairedPlan, repeats: Int,
        using generator: inout G, limits: ChildProcess.Limits, progress: (String) -> Void
    ) throws -> TimingRounds {
        let started = Date()
        var rounds = TimingRounds(), pairSeconds: [GateWorkload: Double] = [:]
        var undecided = pairs
        while !undecided.isEmpty, rounds.count < plan.maxRounds {
            let elapsed = Date().timeIntervalSince(started)
            let estimate = undecided.reduce(0) { $0 + (pairSeconds[$1.head] ?? 0) }
            guard rounds.count == 0 ? true : elapsed + estimate <= plan.timeBudget else { break }
            rounds.count += 1
            for pair in undecided.shuffled(using: &generator) {
                let workload = pair.head
                progress("paired timing: round \(rounds.count), \(workload.name), \(undecided.count) undecided, "
                         + "\(Int(Date().timeIntervalSince(started))) of \(Int(plan.timeBudget)) s")
                let pairStart = Date()
                let baseFirst = Bool.random(using: &generator)
                let (firstSide, secondSide) = (pair.side(base: baseFirst), pair.side(base: !baseFirst))
                let first = try cpuSeconds(firstSide.executable, firstSide.workload, repeats: repeats, limits: limits)
                let second = try cpuSeconds(secondSide.executable, secondSide.workload, repeats: repeats, limits: limits)
                let (baseTime, headTime) = baseFirst ? (first, second) : (second, first)
                var ratios = rounds.ratios[workload, default: []]
                ratios.append(headTime / baseTime)
                rounds.ratios[workload] = ratios
                pairSeconds[workload] = Date().timeIntervalSince(pairStart)
                rounds.decisions[workload] = GateDecision.sequential(ratios: ratios, maxIncrease: plan.maxTimeIncrease)
            }
            undecided = undecided.filter { rounds.decisions[$0.head]?.1 == nil }
        }
        return rounds
    }

    /// One workload's timing row: its verdict under `plan` (instructions decide, or timing does) and the spread.
    static func timingRow(_ workload: GateWorkload, _ decision: (GateDecision.MedianInterval, GateDecision.Verdict?, String),
                          observed: [Double], plan: PairedPlan) -> Row {
        let (interval, decided, reason) = decision
        var verdict: GateDecision.Verdict, note: String
        switch (decided, plan.instructions) {
        case (.fail?, true): (verdict, note) = (.warn, "slower beyond \(percent(plan.maxTimeIncrease)): \(reason) (instructions decide)")
        case (let decision?, true): (verdict, note) = (decision == .pass ? .pass : .warn, "\(reason) (report only)")
        case (nil, true): (verdict, note) = (.pass, "undecided within the time budget: \(reason) (report only)")
        case (let decision?, false): (verdict, note) = (decision, reason)
        case (nil, false): (verdict, note) = (.inconclusive, "undecided within the time budget: \(reason)")
        }
        // The spread shown is the interval on the median once there are enough rounds, else the observed range.
        let range = (observed.min() ?? 1)...(observed.max() ?? 1)
        let spread = interval.lower.flatMap { lower in interval.upper.map { lower...$0 } } ?? range
        let metric = interval.lower == nil ? "paired cpu ratio (median; range)" : "paired cpu ratio (median; 99% interval)"
        return Row(workload: workload.name, metric: metric, unit: "ratio", baseline: 1,
                   current: interval.summary.median, change: interval.summary.median - 1, verdict: verdict,
                   note: note, spread: spread, samples: interval.summary.count)
    }
}
