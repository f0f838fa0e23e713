import MotionCore
import MotionSupport

/// `motionbench gate`'s choices as given on the command line, checked together before anything is measured: which
/// comparison (a baseline file, a base binary, or a base engine library), its percentages, and the paired timing's
/// rounds and budget. Messages start with `gate: ` and name the option.
package struct GateOptions: Sendable {
    /// `--baseline FILE`: compare with a recorded baseline.
    package var baseline: String?
    /// `--against BINARY`: compare with a base build of motionbench.
    package var against: String?
    /// Whether `--base-engine` is given: compare two builds of an engine library.
    package var baseEngine: Bool
    /// `--workloads`, the comma-separated names as given.
    package var workloads: String?
    /// `--mode` (with a baseline: instructions decide, time only reports).
    package var mode: PerformanceGate.Mode
    /// `--max-increase` as given: a percentage such as 2 or 2% (default 2%).
    package var maxIncrease: String?
    /// `--max-time-increase` as given: a percentage such as 5 or 5% (default 5%).
    package var maxTimeIncrease: String?
    /// `--rounds`: the most paired timing rounds per workload.
    package var rounds: Int
    /// `--time-budget`: seconds the paired timing phase may take (0 skips timing).
    package var timeBudget: Double
    /// `--instructions`: with `--against`, the two builds' instruction counts decide.
    package var instructions: Bool

    /// The options as given.
    package init(baseline: String?, against: String?, baseEngine: Bool, workloads: String?, mode: PerformanceGate.Mode,
                 maxIncrease: String?, maxTimeIncrease: String?, rounds: Int, timeBudget: Double, instructions: Bool) {
        (self.baseline, self.against, self.baseEngine, self.workloads, self.mode) = (baseline, against, baseEngine, workloads, mode)
        (self.maxIncrease, self.maxTimeIncrease) = (maxIncrease, maxTimeIncrease)
        (self.rounds, self.timeBudget, self.instructions) = (rounds, timeBudget, instructions)
    }

    /// Checks that exactly one comparison is chosen and that its options fit it and their ranges.
    /// - Throws: `GateInputError` naming the first option that does not.
    package func check() throws(GateInputError) {
        _ = try instructionIncrease()
        if baseEngine {
            guard baseline == nil, against == nil else {
                throw GateInputError(message: "gate: --base-engine compares two engine libraries under this motionbench; "
                                     + "give it without --baseline and --against")
            }
            guard workloads == nil else {
                throw GateInputError(message: "gate: --base-engine gates the engine alone; drop --workloads")
            }
            try checkPairedOptions()
            return
        }
        switch (baseline, against) {
        case (_?, nil):
            guard mode != .both else {
                throw GateInputError(message: "gate: --mode both is for recording baselines; gate with instructions or time")
            }
        case (nil, _?):
            try checkPairedOptions()
            guard instructions || timeBudget > 0 else {
                throw GateInputError(message: "gate: --time-budget 0 without --instructions would measure nothing")
            }
        default:
            throw GateInputError(message: "gate: give exactly one of --baseline FILE, --against BASE_BINARY or "
                                 + "--engine HEAD.so --base-engine BASE.so")
        }
    }

    /// The paired comparison's own options (`--against`, `--base-engine`): rounds, time budget, time increase.
    private func checkPairedOptions() throws(GateInputError) {
        do {
            try OptionRange.check([
                OptionRange("gate: --rounds", rounds, in: 1...1000),
                OptionRange("gate: --time-budget", timeBudget, in: 0...86_400, .seconds),
            ])
        } catch {
            throw GateInputError(message: error.message)
        }
        _ = try timeIncrease()
    }

    /// The paired comparison's plan from the options.
    package func pairedPlan() throws(GateInputError) -> PerformanceGate.PairedPlan {
        var plan = PerformanceGate.PairedPlan(instructions: instructions)
        (plan.maxInstructionIncrease, plan.maxTimeIncrease) = (try instructionIncrease(), try timeIncrease())
        (plan.maxRounds, plan.timeBudget) = (rounds, timeBudget)
        return plan
    }

    /// `--max-increase` as a fraction of the instruction count (default 0.02).
    package func instructionIncrease() throws(GateInputError) -> Double {
        guard let maxIncrease else { return 0.02 }
        return try percentage(maxIncrease, option: "gate: --max-increase")
    }

    /// `--max-time-increase` as a fraction of the CPU-time ratio (default 0.05).
    package func timeIncrease() throws(GateInputError) -> Double {
        guard let maxTimeIncrease else { return 0.05 }
        return try percentage(maxTimeIncrease, option: "gate: --max-time-increase")
    }

    /// `text` as a fraction (`Percentage`), or a `GateInputError` with the same message.
    private func percentage(_ text: String, option: String) throws(GateInputError) -> Double {
        do { return try Percentage.fraction(parsing: text, option: option) } catch {
            throw GateInputError(message: error.message)
        }
    }
}
