/// A timed figure of a run row, in that figure's unit: its median over the timed passes and, when there was more
/// than one pass, the smallest and largest value over them (shown as `median [min–max]`, exported as the range).
public struct Timed: Sendable, Equatable {
    /// The median over passes (the mean of the middle two for an even count); NaN where the figure is left out.
    public var median: Double
    /// The smallest and largest value over the passes; nil for a single pass.
    public var range: ClosedRange<Double>?

    /// A figure of `median` with `range`.
    public init(median: Double, range: ClosedRange<Double>? = nil) {
        (self.median, self.range) = (median, range)
    }

    /// The figure over `samples` (at least one): the one median routine of the harness.
    init(samples: [Double]) {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        range = sorted.count > 1 ? sorted[0]...sorted[sorted.count - 1] : nil
    }
}

/// Frame-time percentiles of a run row in milliseconds, each timed (a median over passes with its range).
public struct FrameTimes: Sendable, Equatable {
    /// The 50th, 90th and 99th percentile and the slowest frame, ms.
    public var p50, p90, p99, max: Timed

    /// The percentiles `p50`, `p90`, `p99` and `max`.
    public init(p50: Timed, p90: Timed, p99: Timed, max: Timed) {
        (self.p50, self.p90, self.p99, self.max) = (p50, p90, p99, max)
    }
}
