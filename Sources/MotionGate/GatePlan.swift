import Foundation
import MotionSupport

/// `motionbench gate`'s comparison resolved from its options: the workloads to measure, the base engine's workload
/// when two engine libraries are compared, the checked options that choose the comparison, and the child limits.
package struct GatePlan: Sendable {
    /// The checked options: which comparison (`--baseline`, `--against` or `--base-engine`), its percentages, rounds
    /// and time budget.
    package var options: GateOptions
    /// The workloads measured in this build (with `--base-engine`, the head engine's alone).
    package var workloads: [GateWorkload]
    /// With `--base-engine`: the base engine's workload, measured under this motionbench; nil otherwise.
    package var baseEngine: GateWorkload?
    /// `--toolchain-mismatch fail`: a baseline recorded with another compiler fails the gate.
    package var failOnToolchainMismatch: Bool
    /// `--allow-mismatch`: compare an engine workload even when the baseline measured other frames, threads, layers,
    /// scenario or engine name.
    package var allowMismatch: Bool
    /// Every measured child's limits (seconds and bytes of data).
    package var limits: ChildProcess.Limits

    /// The plan of `options` (checked by `GateOptions.check()`) over `workloads`, with `baseEngine` for `--base-engine`.
    package init(options: GateOptions, workloads: [GateWorkload], baseEngine: GateWorkload?, failOnToolchainMismatch: Bool,
                 allowMismatch: Bool, limits: ChildProcess.Limits) {
        (self.options, self.workloads, self.baseEngine) = (options, workloads, baseEngine)
        (self.failOnToolchainMismatch, self.allowMismatch, self.limits) = (failOnToolchainMismatch, allowMismatch, limits)
    }
}

extension PerformanceGate {
    /// Runs the comparison `plan` chooses: the head engine against the base engine (`--base-engine`, paired), this
    /// build against a base binary (`--against`, paired), or against a recorded baseline file (`--baseline`).
    /// `progress` receives status lines.
    /// - Throws: `GateInputError` when the base binary is not an executable file, the baseline cannot be read, an
    ///   option is out of range, or a measurement fails.
    package static func run(_ plan: GatePlan, progress: (String) -> Void = { _ in }) throws -> Outcome {
        let options = plan.options
        if options.baseEngine {
            var generator = SystemRandomNumberGenerator()
            // GateOptions.check() made sure --engine is given with --base-engine and no --workloads, so the workloads
            // are the head engine's alone.
            return try pairedEngines(head: plan.workloads[0], base: plan.baseEngine ?? plan.workloads[0],
                                     plan: try options.pairedPlan(), using: &generator, limits: plan.limits,
                                     progress: progress)
        }
        if let base = options.against {
            guard FileManager.default.isExecutableFile(atPath: base) else {
                throw GateInputError(message: "gate: --against '\(base)' is not an executable file "
                                     + "(build the base commit with swift build -c release and pass its .build/release/motionbench)")
            }
            var generator = SystemRandomNumberGenerator()
            return try paired(base: base, workloads: plan.workloads, plan: try options.pairedPlan(), using: &generator,
                              limits: plan.limits, progress: progress)
        }
        // GateOptions.check() made sure exactly one of --baseline and --against is given.
        let path = options.baseline ?? ""
        let recorded = try GateBaseline.read(path)
        // Every selected workload is compared; one the baseline lacks is named in a note with its record command.
        return try compare(with: recorded, path: path, workloads: plan.workloads, mode: options.mode,
                           maxIncrease: try options.instructionIncrease(),
                           failOnToolchainMismatch: plan.failOnToolchainMismatch, allowMismatch: plan.allowMismatch,
                           limits: plan.limits, progress: progress)
    }
}
