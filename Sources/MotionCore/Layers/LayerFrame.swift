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

    /// Seconds since the previous frame, as the clock states it (a fixed-rate clock gives exactly 1/rate on every
    /// frame, where time − previousTime would differ in the last bits from frame to frame).
    public let interval: Double

    /// A frame at `time` seconds following one at `previousTime` seconds; `interval` defaults to their difference.
    public init(index: Int, time: Double, previousTime: Double, interval: Double? = nil) {
        (self.index, self.time, self.previousTime) = (index, time, previousTime)
        self.interval = interval ?? time - previousTime
    }
}

/// The batch evaluator's block: loops that need per-layer scratch (eased progress, packed inputs, event lists) run over
/// blocks of at most `size` layers, so that each scratch buffer fits in the 1 KiB that `withUnsafeTemporaryAllocation`
/// always places on the stack: no allocation per frame.
@usableFromInline
enum LayerBlock {
    /// Layers per block (128 doubles = 1 KiB); `TabulatedCubicBezier.ease` solves in blocks of the same size.
    @usableFromInline static let size = 128

    /// Runs `body` over the blocks of `range` in order, each with one scratch buffer of `size` doubles on the stack,
    /// indexed by layer (`scratch[i]` for i in the block).
    @inline(__always)
    static func forEach(in range: Range<Int>,
                               _ body: (_ block: Range<Int>, _ scratch: UnsafeMutablePointer<Double>) -> Void) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: size) { buffer in
            var lower = range.lowerBound
            while lower < range.upperBound {
                let block = lower..<min(lower + size, range.upperBound)
                // baseAddress! cannot fail: the buffer holds `size` (> 0) elements.
                body(block, buffer.baseAddress! - block.lowerBound)
                lower = block.upperBound
            }
        }
    }
}
