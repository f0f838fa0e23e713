/// What an engine row measured: MotionCore's own evaluators, the stream bound, or an engine under test. The raw value
/// is the `role` in run's JSON.
public enum EngineRole: String, Sendable, Codable, CaseIterable {
    /// MotionCore's batch evaluator through the engine interface.
    case batch
    /// The naive object model (one class instance per layer, animations as existentials).
    case naive
    /// The stream bound: moving the batch's columns with no arithmetic and no outputs to check.
    case stream
    /// A C engine loaded in a child process.
    case plugIn = "plug-in"
    /// A Swift engine measured in the harness's process.
    case inProcess = "in-process"
    /// MotionCore's batch on the kinds an engine supports, for that engine's × batch (the `(same kinds)` row).
    case batchSubset = "batch-subset"

    /// Whether the row is an engine under test (a C plug-in or an in-process Swift engine), not MotionCore's own.
    public var isUnderTest: Bool { self == .plugIn || self == .inProcess }
}
