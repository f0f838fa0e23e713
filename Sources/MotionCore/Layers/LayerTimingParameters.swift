/// One layer's Core Animation timing as the timing-driven kernels store it: it begins at `begin`, runs passes of
/// `duration`, repeats `repeatCount` times (autoreversing when asked) and holds its values outside the active interval
/// (fill both, not removed on completion).
public struct LayerTimingParameters: Sendable, Hashable {
    /// Begin time in seconds since the run's clock started.
    public var begin: Double
    /// Duration of one pass in seconds (> 0).
    public var duration: Double
    /// Core Animation's `repeatCount`: 0 means once; fractional allowed; `MediaTiming.forever` repeats forever.
    public var repeatCount: Double
    /// Whether each cycle plays forward then backward (two passes).
    public var autoreverses: Bool

    /// Timing that begins at `begin` seconds with passes of `duration` seconds, repeated `repeatCount` times.
    public init(begin: Double, duration: Double, repeatCount: Double = 0, autoreverses: Bool = false) {
        (self.begin, self.duration, self.repeatCount, self.autoreverses) = (begin, duration, repeatCount, autoreverses)
    }

    /// Passes per cycle: 2 when autoreversing, else 1.
    public var passesPerCycle: Double { autoreverses ? 2 : 1 }

    /// Engine iterations (passes in all): passes × max(repeatCount, 1), infinite for `MediaTiming.forever`.
    public var iterations: Double {
        let passes = passesPerCycle
        return repeatCount > 0 ? (repeatCount >= MediaTiming.forever ? .infinity : repeatCount * passes) : passes
    }

    /// The directed progress in [0, 1] at `time` seconds on the run's clock (before the easing), holding both ends
    /// (fill both): the phase and the iteration are decided exactly on the unrounded local time `time` − `begin`, as
    /// the batch kernels decide them (`LayerTiming`).
    public func directedProgress(at time: Double) -> Double {
        LayerTiming.sample(time: time, begin: begin, duration: duration, iterations: iterations,
                           alternation: autoreverses ? 1 : 0).directed
    }

    /// `directedProgress(at:)` with CSS Easing's before flag at `time` seconds on the run's clock: set before `begin`,
    /// and after the end when the last pass ran backward (what `steps()` reads at a step boundary).
    public func directedProgressAndBeforeFlag(at time: Double) -> (directed: Double, before: Bool) {
        let sample = LayerTiming.sample(time: time, begin: begin, duration: duration, iterations: iterations,
                                        alternation: autoreverses ? 1 : 0)
        return (sample.directed, sample.before)
    }

    /// The timing whose engine iterations are `iterations` (the inverse of `iterations`; a single cycle reads as
    /// repeatCount 0).
    init(begin: Double, duration: Double, iterations: Double, autoreverses: Bool) {
        let passes: Double = autoreverses ? 2 : 1
        let repeatCount = iterations.isInfinite ? MediaTiming.forever : (iterations == passes ? 0 : iterations / passes)
        self.init(begin: begin, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
    }
}
