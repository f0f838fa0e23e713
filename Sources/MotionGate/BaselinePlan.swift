import MotionSupport

/// `motionbench baseline`'s recording resolved from its options: the workloads, what to measure, where the baseline
/// goes and whether the workloads already there are kept.
package struct BaselinePlan: Sendable {
    /// The workloads to record.
    package var workloads: [GateWorkload]
    /// What to record: instructions, CPU time, or both.
    package var mode: PerformanceGate.Mode
    /// `--output`: the baseline file's path (read first with `merge`).
    package var path: String
    /// `--merge`: keep the workloads already in the file at `path` and add (or re-record) these.
    package var merge: Bool
    /// Every measured child's limits (seconds and bytes of data).
    package var limits: ChildProcess.Limits

    /// The recording of `workloads` in `mode` for the file at `path`, merged into it with `merge`.
    package init(workloads: [GateWorkload], mode: PerformanceGate.Mode, path: String, merge: Bool, limits: ChildProcess.Limits) {
        (self.workloads, self.mode, self.path, self.merge, self.limits) = (workloads, mode, path, merge, limits)
    }
}

extension PerformanceGate {
    /// Records the baseline `plan` describes (merged into the file at its path with `merge`) and returns it as the
    /// report `baseline --format` prints; the caller writes `report.baseline` to the path. `progress` receives status
    /// lines.
    /// - Throws: `GateInputError` when the file to merge into cannot be read or was recorded with another toolchain,
    ///   or a measurement fails.
    package static func record(_ plan: BaselinePlan, progress: (String) -> Void = { _ in }) throws -> RecordedBaseline {
        let existing = plan.merge ? try GateBaseline.read(plan.path) : nil
        let baseline = try recordBaseline(workloads: plan.workloads, mode: plan.mode, limits: plan.limits,
                                          mergingInto: existing, progress: progress)
        return RecordedBaseline(baseline: baseline, path: plan.path, workloadCount: plan.workloads.count, mode: plan.mode)
    }
}
