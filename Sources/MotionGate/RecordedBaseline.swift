import MotionOutput

/// A baseline just recorded, as a report for `motionbench baseline --format`: a one-line summary, or the recorded
/// figures in a dashboard format (junit with one test case per workload).
package struct RecordedBaseline: Sendable, SummaryReport, TestSuiteReport {
    /// The baseline.
    package var baseline: GateBaseline
    /// Where it was written.
    package var path: String
    /// How many workloads were recorded.
    package var workloadCount: Int
    /// What was recorded.
    package var mode: PerformanceGate.Mode

    /// The report of `baseline`, written to `path`, holding `workloadCount` workloads measured in `mode`.
    package init(baseline: GateBaseline, path: String, workloadCount: Int, mode: PerformanceGate.Mode) {
        (self.baseline, self.path, self.workloadCount, self.mode) = (baseline, path, workloadCount, mode)
    }

    /// `wrote PATH: N workloads, mode MODE` (`1 workload` for one).
    package func summaryText() -> String {
        "wrote \(path): \(workloadCount) workload\(workloadCount == 1 ? "" : "s"), mode \(mode.rawValue)\n"
    }

    /// Instructions and median CPU seconds (with their min–max) per workload.
    package var exportMetrics: [ExportMetric] { baseline.exportMetrics }
}
