/// One frame as the batch evaluator sees it: the frame's target presentation time and the previous frame's.
///
/// Times are seconds since the run's clock started (time 0 is the state before the first frame). Evaluators take the
/// timestamp, not a frame count: a variable-refresh display changes the interval from frame to frame.
public struct LayerFrame: Sendable, Hashable {
    /// Frame number, 1 for the first evaluated frame.
    public let index: Int
    /// Target presentation time of this frame, in seconds.
    public let time: Double
    /// Target presentation time of the previous frame (0 before the first frame), in seconds.
    public let previousTime: Double

    /// A frame at `time` seconds following one at `previousTime` seconds.
    public init(index: Int, time: Double, previousTime: Double) {
        (self.index, self.time, self.previousTime) = (index, time, previousTime)
    }

    /// Seconds since the previous frame.
    @inlinable public var interval: Double { time - previousTime }
}
