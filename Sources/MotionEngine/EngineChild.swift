import CMotionBenchEngine

/// MotionBench's side of the child process that loads an engine (`_engine`, `_engine-easing`, `_workload`).
public enum EngineChild {
    /// The environment variable through which a parent passes its pid to the children it starts.
    public static let parentVariable = MOTIONBENCH_PARENT_PID_VARIABLE

    /// Ties this process to the parent that started it (`MOTIONBENCH_PARENT_PID`): it is killed when the parent dies,
    /// and exits at once (status 125) when the parent is already gone. Does nothing when run by hand.
    public static func tieToParent() { _ = motionbench_child_tie_to_parent() }

    /// A SIGSEGV or SIGBUS stores its signal at `words[0]` and its faulting address at `words[1]` before it ends the
    /// process.
    public static func recordFaults(into words: UnsafeMutablePointer<Int64>) { motionbench_child_record_faults(words) }
}
