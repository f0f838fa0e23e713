/// What one group of layers runs: the per-animation constants, computed once and shared by index.
///
/// Every layer writes two outputs per frame (for example opacity and 0, a spring's progress and velocity, a flip's
/// angle and scale, or two transition layers' offsets).
public enum LayerProgram: Sendable {
    /// A timing-driven animation sampled on the frame grid. Because layers begin on frame boundaries (as Core
    /// Animation begins animations at a commit), every layer of the animation sees the same local times
    /// k·h; `FrameTimeline` holds the exact outputs at those times, evaluated once by the scalar path.
    case timeline(FrameTimeline)
    /// A spring stepped each frame by its exact propagator; the layer's outputs are its state (progress and
    /// velocity in progress units per second).
    case spring(SpringPropagator)
}

/// Outputs of one animation at local times k·h on the frame grid: entry 0 is the value before the start (offset −1
/// and earlier), entry k + 1 the value at offset k; offsets past the end hold the last entry.
public struct FrameTimeline: Sendable {
    /// First output per offset.
    public let first: [Double]
    /// Second output per offset.
    public let second: [Double]

    /// Samples `outputs(localTime)` at local times −h, 0, h, 2h, …, (count − 1)·h.
    /// - Parameters:
    ///   - interval: the frame interval h in seconds.
    ///   - frames: how many offsets to sample after the start (at least the frames of the run).
    ///   - outputs: the exact scalar evaluation at a local time in seconds.
    public init(interval: Double, frames: Int, outputs: (Double) -> (Double, Double)) {
        var first: [Double] = [], second: [Double] = []
        first.reserveCapacity(frames + 2)
        second.reserveCapacity(frames + 2)
        for offset in -1...max(frames, 0) {
            let (a, b) = outputs(Double(offset) * interval)
            first.append(a)
            second.append(b)
        }
        self.first = first
        self.second = second
    }
}

/// A contiguous range of layers that run the same program.
public struct LayerRun: Sendable, Hashable {
    /// Index into the store's programs.
    public let program: Int
    /// First layer.
    public let start: Int
    /// Number of layers.
    public let count: Int

    /// A run of `count` layers from `start` running `program`.
    public init(program: Int, start: Int, count: Int) {
        (self.program, self.start, self.count) = (program, start, count)
    }
}
