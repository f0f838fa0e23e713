/// What `motionbench run` measures for one layer count.
public struct HarnessResult: Sendable {
    /// Scenario name.
    public var scenario: String
    /// Layers evaluated per frame.
    public var layers: Int
    /// Threads used.
    public var threads: Int
    /// Frames timed.
    public var frames: Int
    /// The frame clock: "120 Hz", "vrr …" or a file name.
    public var clock: String
    /// Nominal frame rate in Hz (1 / nominal interval): sets the budget.
    public var rateHz: Double
    /// Median frame time divided by the layer count, in nanoseconds (timed: the median over passes, with range).
    public var nsPerLayerFrame: Timed
    /// Mean share of layers mid-animation per frame, in [0, 1].
    public var activeShare: Double
    /// nsPerLayerFrame / activeShare: the cost per layer that is mid-animation, in nanoseconds.
    public var nsPerActiveLayerFrame: Double
    /// Frame-time percentiles in milliseconds: p50, p90, p99, max (each timed).
    public var frameMs: FrameTimes
    /// p99 frame time as a fraction of the frame budget (the nominal interval).
    public var budgetFractionP99: Double
    /// The largest layer count whose p99 frame fits the budget: one estimate for the whole run (`BudgetEstimate`),
    /// the same in every row; nil when a row of the run was disturbed (`noise.flagged`), as no limit drawn from it
    /// can be trusted.
    public var maxLayersInBudget: Int?
    /// Bytes of parameters, state and outputs held per layer (average over kinds).
    public var bytesPerLayer: Int
    /// Peak resident memory of the process so far, in bytes.
    public var peakRSSBytes: Int
    /// The naive evaluator's median cost per layer per frame, in ns (measured on `naiveLayers` layers).
    public var naiveNsPerLayerFrame: Timed
    /// Layers the naive evaluator ran (at most 100,000; its cost is scaled per layer).
    public var naiveLayers: Int
    /// naive / batch cost per layer (timed).
    public var speedupVsNaive: Timed
    /// The shared-timeline comparison (tabulated outputs copied out), ns per layer per frame; nil where it cannot run.
    public var sharedTimelineNsPerLayerFrame: Timed?
    /// Why the shared-timeline comparison did not run (nil when it ran).
    public var sharedTimelineObstacle: String?
    /// The memory-traffic bound: reading every column a frame reads and writing every column it writes, once, in ns
    /// per layer per frame (the faster of the run's threads and one thread); NaN where it is not below the batch cost,
    /// as it then bounds nothing (the JSON says so in `notes`); timed.
    public var streamNsPerLayerFrame: Timed
    /// Bytes the stream bound moves per layer per frame (reads plus writes).
    public var streamBytesPerLayerFrame: Double
    /// batch / stream cost per layer; NaN where the stream bound is left out; timed.
    public var ratioToStream: Timed
    /// Sum of every output after the last frame (the work cannot be optimised away; equal across thread counts).
    public var checksum: Double
    /// With --verify: layer-frames compared with the scalar path, and the largest error relative to
    /// max(1, the layer's value scale).
    public var verification: (samples: Int, maxError: Double)?
    /// Timed passes over all frames that the figures summarise: each timed figure is the median over passes.
    public var repeats = 1
    /// The frame-time distribution of the first timed pass: the 0th, 1st, …, 100th percentile of frame times, in ms
    /// (nearest rank over every frame).
    public var frameMsPercentiles: [Double] = []
    /// How disturbed the batch's timed frames were (CPU time beside wall time, load average, the frames behind p99),
    /// and whether the row is flagged; nil for rows not measured by this version.
    public var noise: FrameNoise?
    /// Whether this row's timing was disturbed (`noise.flagged`).
    public var isDisturbed: Bool { noise?.flagged ?? false }
    /// The engines side by side on this layer count: MotionCore's batch, the naive evaluator, each engine under test
    /// and, for an engine of some kinds only, MotionCore's batch on the same layers.
    public var engines: [EngineRow] = []
}
