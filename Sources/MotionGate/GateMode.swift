extension PerformanceGate {
    /// What a gate or baseline measures: instruction counts (deterministic, they decide), CPU time (report-only
    /// against a stored baseline), or both (for recording baselines).
    package enum Mode: String, Sendable, CaseIterable {
        /// Measured-region instruction counts (callgrind).
        case instructions
        /// CPU seconds of the measured loop over fresh processes.
        case time
        /// Instructions and CPU time (baselines only).
        case both
    }
}
