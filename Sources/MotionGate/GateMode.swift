extension PerformanceGate {
    /// What a gate or baseline measures: instruction counts (deterministic, they decide), CPU time (report-only
    /// against a stored baseline), or both (for recording baselines).
    public enum Mode: String, Sendable, CaseIterable {
        case instructions, time, both
    }
}
