/// Per-layer Core Animation timing for the batch evaluator: each layer has its own begin time, duration, repeat count
/// and autoreverse flag, and holds its values outside the active interval (fill both, not removed on completion).
///
/// `sample(_:time:)` is the Web Animations procedure that `MediaTiming.evaluate` runs, specialised to delay 0, end
/// delay 0, iteration start 0 and fill both, with the same operations in the same order, so that the directed
/// progress is the one the scalar path computes.
struct LayerTiming: @unchecked Sendable {
    /// Begin time in seconds since the run's clock started.
    let begin: UnsafeMutablePointer<Double>
    /// Duration of one pass in seconds (> 0).
    let duration: UnsafeMutablePointer<Double>
    /// Engine iterations: passes × max(repeatCount, 1), infinite for `MediaTiming.forever`.
    let iterations: UnsafeMutablePointer<Double>
    /// 1 when each cycle autoreverses (direction alternate), else 0.
    let alternates: UnsafeMutablePointer<Double>

    /// Columns this timing reads per layer.
    static let columnCount = 4

    /// Timing read from columns `first`…`first + 3` of `columns`.
    init(_ columns: LayerColumns, first: Int) {
        (begin, duration, iterations, alternates) = (columns[first], columns[first + 1], columns[first + 2], columns[first + 3])
    }

    /// Stores layer `index`'s timing: `begin` seconds, `duration` seconds (> 0), `repeatCount` as Core Animation
    /// counts it (0 means once; fractional allowed), and `autoreverses`.
    func set(_ index: Int, begin: Double, duration: Double, repeatCount: Double, autoreverses: Bool) {
        let passes: Double = autoreverses ? 2 : 1
        self.begin[index] = begin
        self.duration[index] = duration
        iterations[index] = repeatCount > 0 ? (repeatCount >= MediaTiming.forever ? .infinity : repeatCount * passes) : passes
        alternates[index] = autoreverses ? 1 : 0
    }

    /// The begin time of layer `index`, in seconds.
    func beginTime(_ index: Int) -> Double { begin[index] }

    /// Layer `index`'s stored timing: the duration of one pass in seconds, the engine iterations (passes ×
    /// max(repeatCount, 1), infinite for `MediaTiming.forever`) and whether each cycle autoreverses.
    func parameters(_ index: Int) -> (duration: Double, iterations: Double, autoreverses: Bool) {
        (duration[index], iterations[index], alternates[index] != 0)
    }

    /// The duration column (seconds per pass), for kernels whose children's timing is derived from it.
    var durations: UnsafePointer<Double> { UnsafePointer(duration) }

    /// Layer `index`'s timing at `time`: directed progress in [0, 1], the before flag that `steps()` reads, and the
    /// completed-cycle count.
    @inline(__always)
    func sample(_ index: Int, time: Double) -> LayerTimingSample {
        Self.sample(local: time - begin[index], duration: duration[index], iterations: iterations[index],
                    alternation: alternates[index])
    }

    /// The same procedure for one set of timing values at local time `local` (seconds since the begin time): a
    /// `duration` (> 0) pass repeated for `iterations` engine iterations, alternating direction when `alternates`.
    @inline(__always)
    static func sample(local: Double, duration: Double, iterations: Double, alternates: Bool)
        -> LayerTimingSample
    {
        sample(local: local, duration: duration, iterations: iterations, alternation: alternates ? 1 : 0)
    }

    /// `sample(local:duration:iterations:alternates:)` with the direction flag as stored, 1 (alternate) or 0.
    /// Written with selects rather than branches, and with every flag kept as a double or a compare of doubles (a
    /// Bool flag combined with others costs the vectorised loop shuffles): layers in one loop sit in different phases
    /// and directions, and a mispredicted branch per layer would cost more than the arithmetic.
    ///
    /// One floor serves both the progress and the direction: with p the overall progress (iterations done), p/2 is
    /// exact, its fraction r = p/2 − ⌊p/2⌋ is exact, the pass progress p − ⌊p⌋ is exactly 2r or 2r − 1, and the pass
    /// index ⌊p⌋ is odd exactly when r ≥ 1/2. (Below 2^-1021, where p/2 is subnormal, the progress may differ from
    /// p − ⌊p⌋ by one subnormal spacing.)
    @inline(__always)
    static func sample(local: Double, duration d: Double, iterations n: Double, alternation: Double)
        -> LayerTimingSample
    {
        let active = d * n
        let isBefore = local < 0, isAfter = !isBefore && local >= active
        let activeTime = isBefore ? 0 : (isAfter ? active : local)
        let half = activeTime / d * 0.5
        let pairFraction = half - nonNegativeFloor(half)
        let odd: Double = pairFraction >= 0.5 ? 1 : 0
        let fraction = 2 * pairFraction - odd
        // At the end the last pass reports progress 1, and the iteration is the pass index less one.
        let end: Double = (fraction == 0 ? 1 : 0) * (activeTime == active ? 1 : 0) * (isBefore ? 0 : 1)
        let simple = end != 0 ? 1 : fraction
        // The iteration is odd when exactly one of `odd` and `end` is 1; it runs backwards if it also alternates.
        let backwards = alternation * (odd - end) != 0
        return LayerTimingSample(directed: backwards ? 1 - simple : simple,
                                 before: (isBefore && !backwards) || (isAfter && backwards),
                                 isActive: !isBefore && !isAfter)
    }

    /// ⌊x⌋ for x ≥ 0, exact, without a call: below 2^52, x + 2^52 − 2^52 rounds x to an integer and a compare corrects
    /// it downward; from 2^52 on x is an integer. The baseline x86-64 target has no rounding instruction, so
    /// `rounded(.down)` would be a library call per layer.
    @inline(__always)
    static func nonNegativeFloor(_ x: Double) -> Double {
        let rounded = (x + 0x1p52) - 0x1p52
        let floor = rounded > x ? rounded - 1 : rounded
        return x < 0x1p52 ? floor : x
    }
}

/// What `LayerTiming` says about one layer at one time.
struct LayerTimingSample: Sendable {
    /// Progress within the current pass after the direction, in [0, 1] (before the easing).
    let directed: Double
    /// The Web Animations before flag handed to `steps()`.
    let before: Bool
    /// Whether the time lies inside the active interval (mid-animation).
    let isActive: Bool

    /// A sample.
    @inline(__always)
    init(directed: Double, before: Bool, isActive: Bool) {
        (self.directed, self.before, self.isActive) = (directed, before, isActive)
    }
}
