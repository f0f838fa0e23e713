import MotionCore
import MotionEngine

/// One engine's row in a run, for one layer count: its cost on the layers it evaluated, beside its errors against the
/// exact scalar path. Every number is finite or absent (nil), so the row travels as JSON from the child process that
/// measured it.
public struct EngineRow: Sendable, Codable, Equatable {
    /// The engine's name, e.g. `motioncore-batch`, `naive`, `example-c-float32`.
    public var name: String
    /// The engine's version.
    public var version: String = ""
    /// The type of every output value (nil: the stream bound, which writes none; or a plug-in that failed before its
    /// descriptor was read).
    public var precision: EnginePrecision?
    /// What the row measured.
    public var role: EngineRole
    /// The plug-in's path (plug-ins only).
    public var path: String?
    /// Layers the engine evaluated per frame.
    public var layers: Int = 0
    /// The kinds it evaluated.
    public var kinds: [EngineLayerKind] = []
    /// Layers of the run it did not evaluate, per kind it does not support (reported, never silently dropped).
    public var unsupported: [KindCount] = []
    /// Frames timed (the naive evaluator: the comparison frames only).
    public var frames: Int = 0
    /// Threads it ran on (1 for an engine that does not declare concurrent chunks).
    public var threads: Int = 1
    /// Median frame time / layers, in ns.
    public var nsPerLayerFrame: Double?
    /// nsPerLayerFrame ÷ MotionCore's batch on the same layers (below 1: faster than the batch).
    public var timesBatch: Double?
    /// Frame-time percentiles in ms (first timed pass).
    public var frameMs: Percentiles?
    /// p99 frame time as a fraction of the frame budget.
    public var budgetFractionP99: Double?
    /// How disturbed its timed frames were, and whether its timing is flagged (engines timed over every frame: the
    /// batch, the engines under test and the batch on their kinds; nil for the naive evaluator and the stream bound).
    public var noise: FrameNoise?
    /// Errors against the exact scalar path, per kind.
    public var errors: [KindErrors] = []
    /// Frames after which every output of every layer was checked to be finite (for an engine under test every frame
    /// of the checked pass and of every timed pass; MotionCore's batch and the naive evaluator: their checked pass).
    public var checkedFrames: Int = 0
    /// Frames after which outputs were compared with the exact scalar path (all in the checked pass, whose times are
    /// not counted).
    public var comparedFrames: Int = 0
    /// Layer comparisons with the exact scalar path in all (each compares every output of one layer at one frame; at
    /// most `run --check-budget`).
    public var comparedLayerFrames: Int = 0
    /// Different layers compared at least once.
    public var comparedLayers: Int = 0
    /// Outputs compared with the exact scalar path in all (the sum of `errors[].outputs`).
    public var comparedOutputs: Int = 0
    /// The output farthest beyond its visible threshold, as error ÷ threshold (so with kinds held to different
    /// thresholds it need not be the largest error), with what reproduces it.
    public var worst: WorstOutput?
    /// Why the engine has no figures: the failure message naming the engine, the call and the frame.
    public var failure: String?

    /// Whether the row is an engine under test (a C plug-in or an in-process Swift engine), not MotionCore's own.
    public var isUnderTest: Bool { role.isUnderTest }

    /// A row for `name` in `role`.
    public init(name: String, role: EngineRole) { (self.name, self.role) = (name, role) }

    /// A layer count per kind.
    public struct KindCount: Sendable, Codable, Equatable {
        /// The kind.
        public var kind: EngineLayerKind
        /// Layers of that kind.
        public var layers: Int
    }

    /// Frame-time percentiles in milliseconds.
    public struct Percentiles: Sendable, Codable, Equatable {
        /// The 50th, 90th and 99th percentiles and the largest frame time, in ms.
        public var p50: Double, p90: Double, p99: Double, max: Double
    }

    /// One kind's errors over the outputs compared: the largest as a fraction of the output's travel, and how many
    /// outputs were beyond their visible threshold.
    public struct KindErrors: Sendable, Codable, Equatable {
        /// The kind.
        public var kind: EngineLayerKind
        /// Outputs compared (over every layer comparison of this kind, at every frame compared).
        public var outputs: Int
        /// The largest |engine − exact| / travel.
        public var maxError: Double
        /// Outputs beyond their visible threshold.
        public var beyondVisible: Int
        /// beyondVisible / outputs.
        public var visibleShare: Double
        /// The thresholds the kind's outputs are held to (their names in JSON).
        public var thresholds: [VisibleThreshold]
    }

    /// The worst output: where it is, what it should be, what the engine gave, and the layer's parameters.
    public struct WorstOutput: Sendable, Codable, Equatable {
        /// The layer's index in the workload: all the scenario's layers, entry by entry in the file's order (the same
        /// scenario, its seed and the layer count rebuild it).
        public var layer: Int
        /// The layer's index among the layers the engine received (its `create` array).
        public var engineLayer: Int
        /// The frame number and its time in seconds.
        public var frame: Int, time: Double
        /// The layer's kind and the output's index within the layer.
        public var kind: EngineLayerKind, output: Int
        /// The exact value and the engine's, in value units. The exact value is the one at the frame's time or, when
        /// the engine's value is beyond its threshold there, at the neighbouring double (one ulp earlier or later)
        /// where it is nearest the engine's.
        public var expected: Double, actual: Double
        /// |actual − expected| / travel.
        public var error: Double
        /// The threshold that output is held to (its name in JSON).
        public var threshold: VisibleThreshold
        /// The layer's own parameters, as the engine received them.
        public var parameters: String
    }
}
