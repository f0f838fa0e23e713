/// The Web Animations timing procedure (Web Animations 1 §4.8; the after-phase form that freezes where a negative end
/// delay cuts the animation), with every decision made exactly for the doubles it is given.
///
/// The phase boundaries compare sums such as t − delay against d·n, and the current iteration is ⌊(t − delay)/d + s⌋;
/// rounding either first puts a time that lies exactly on a boundary, or one double beside it, on the wrong side (0.1 × 3
/// rounds to 0.30000000000000004, and 0.30000000000000004 / 0.1 to 3.0000000000000004: one iteration too many at the
/// end). Here each comparison is the exact sign of an `ExactSum` of the inputs and their products, and the iteration is
/// the exact floor, found from the rounded quotient and then corrected by comparing k·d − s·d with the active time
/// exactly. At the end of the active interval the overall progress is the active duration over d (n + s, or
/// repeatDuration/d for Core Animation) without a rounded quotient. The phase and the iteration are exact; the progress
/// within the iteration is the exact remainder (active time + s·d − k·d, summed with compensation) divided by d, within
/// about 2^-52 of the exact value.
///
/// Limits: an overall progress of 2^52 iterations or more (or an infinite one) is floored as rounded; products of the
/// inputs below 2^-969 in magnitude are not exact (`ExactSum`).
struct TimingProcedure: Sendable {
    /// Start delay (time units).
    var delay: Double = 0
    /// End delay (time units).
    var endDelay: Double = 0
    /// Iteration duration d ≥ 0 (may be infinite).
    var duration: Double
    /// Iteration count n ≥ 0 (may be infinite).
    var iterations: Double
    /// The active duration when it is given directly (Core Animation's `repeatDuration`), instead of d·n; used when
    /// d > 0.
    var givenActiveDuration: Double? = nil
    /// Iteration start s ≥ 0, finite.
    var iterationStart: Double = 0
    /// Which end fills.
    var fill: EffectTiming.Fill
    /// Iteration direction.
    var direction: EffectTiming.Direction
    /// Whether playback runs backwards (decides the phase at the boundaries).
    var playingBackwards: Bool = false

    /// What the procedure decides at one local time.
    struct Outcome: Sendable {
        /// The phase.
        var phase: TimingResult.Phase
        /// Active time (rounded), when resolved.
        var activeTime: Double?
        /// Zero-based current iteration (infinite after an infinite run), when resolved.
        var iteration: Double?
        /// Progress within the iteration, in [0, 1], when resolved.
        var simple: Double?
        /// Progress after the direction, in [0, 1], when resolved.
        var directed: Double?
        /// The Web Animations before flag.
        var before: Bool
    }

    /// The active duration as an exact sum, or nil when it is infinite.
    private var activeDuration: ExactSum? {
        var active = ExactSum()
        if duration > 0, duration.isFinite, let given = givenActiveDuration {
            active.add(given)
        } else if duration == 0 || iterations == 0 {
            return active
        } else if duration.isInfinite || iterations.isInfinite {
            return nil
        } else {
            active.add(product: duration, iterations)
        }
        return active
    }

    /// Whether the iteration count is zero (with a given active duration: whether that is zero).
    private var hasNoIterations: Bool {
        if duration > 0, duration.isFinite, let given = givenActiveDuration { return given == 0 }
        return iterations == 0
    }

    /// Whether the iteration count is infinite.
    private var hasInfiniteIterations: Bool {
        if duration > 0, duration.isFinite, givenActiveDuration != nil { return false }
        return iterations.isInfinite
    }

    /// Evaluates the procedure at the local time `time`, an exact sum (for Core Animation at speed 1, parent time −
    /// begin time, unrounded).
    func evaluate(at time: ExactSum) -> Outcome {
        let zero = ExactSum(), delaySum = ExactSum(delay)
        let active = activeDuration
        let phase: TimingResult.Phase
        let activeAfter: ExactSum?
        if let active {
            let endTime = ExactSum.maximum(delaySum + active + ExactSum(endDelay), zero)
            let beforeActive = ExactSum.maximum(ExactSum.minimum(delaySum, endTime), zero)
            let after = ExactSum.maximum(ExactSum.minimum(delaySum + active, endTime), zero)
            let toBefore = ExactSum.compare(time, beforeActive), toAfter = ExactSum.compare(time, after)
            if toBefore < 0 || (playingBackwards && toBefore == 0) {
                phase = .before
            } else if toAfter > 0 || (!playingBackwards && toAfter == 0) {
                phase = .after
            } else {
                phase = .active
            }
            activeAfter = after
        } else {
            // An infinite active duration: the end time and the active-after boundary are infinite.
            let toBefore = ExactSum.compare(time, ExactSum.maximum(delaySum, zero))
            phase = toBefore < 0 || (playingBackwards && toBefore == 0) ? .before : .active
            activeAfter = nil
        }

        let activeTime: ExactSum?
        switch phase {
        case .before:
            activeTime = fill == .backwards || fill == .both ? ExactSum.maximum(time - delaySum, zero) : nil
        case .active:
            activeTime = time - delaySum
        case .after:
            if fill == .forwards || fill == .both, let activeAfter, let active {
                activeTime = ExactSum.maximum(ExactSum.minimum(activeAfter - delaySum, active), zero)
            } else {
                activeTime = nil
            }
        case .idle:
            activeTime = nil
        }
        guard let activeTime else { return Outcome(phase: phase, before: false) }

        // Overall progress = numerator / divisor + iteration start, with the divisor d, or 1 where d is 0 (the
        // numerator is then 0 or n) or infinite (the numerator is then 0).
        var simple: Double, iteration: Double
        var isWhole: Bool
        if duration == 0, phase != .before, hasInfiniteIterations {
            // The overall progress is infinite: the simple progress is the iteration start's fraction.
            simple = positiveRemainder(iterationStart)
            iteration = .infinity
            isWhole = simple == 0
        } else {
            let numerator: ExactSum, divisor: Double
            if duration == 0 {
                (numerator, divisor) = (phase == .before ? ExactSum() : ExactSum(iterations), 1)
            } else if duration.isInfinite {
                (numerator, divisor) = (ExactSum(), 1)
            } else {
                (numerator, divisor) = (activeTime, duration)
            }
            (iteration, simple, isWhole) = Self.floorOfOverall(numerator: numerator, divisor: divisor,
                                                               start: iterationStart)
        }
        let reachedEnd = phase != .before && !hasNoIterations
            && active.map { ExactSum.compare(activeTime, $0) == 0 } == true
        if isWhole, reachedEnd {
            simple = 1
            iteration -= 1
        }
        if phase == .after, hasInfiniteIterations { iteration = .infinity }
        let forwards: Bool
        switch direction {
        case .normal: forwards = true
        case .reverse: forwards = false
        case .alternate: forwards = iteration.isInfinite || positiveRemainder(iteration / 2) == 0
        case .alternateReverse: forwards = !iteration.isInfinite && positiveRemainder(iteration / 2) != 0
        }
        return Outcome(phase: phase, activeTime: activeTime.value, iteration: iteration, simple: simple,
                       directed: forwards ? simple : 1 - simple,
                       before: (phase == .before && forwards) || (phase == .after && !forwards))
    }

    /// ⌊numerator/divisor + start⌋ exactly (divisor > 0 finite, numerator ≥ 0), the fraction above it in [0, 1], and
    /// whether that fraction is exactly 0. From the rounded quotient k, corrected while numerator + start·divisor −
    /// k·divisor is negative or the next k's is not: the rounded quotient is within a few units of its last place, so
    /// at most a step or two either way.
    static func floorOfOverall(numerator: ExactSum, divisor: Double, start: Double)
        -> (floor: Double, fraction: Double, isWhole: Bool)
    {
        let estimate = numerator.value / divisor + start
        guard estimate.isFinite, estimate < 0x1p52 else {
            // Beyond 2^52 iterations every double is whole: the rounded quotient is the answer (an infinite one keeps
            // the iteration start's fraction, as the spec's infinite overall progress does).
            let fraction = estimate.isFinite ? 0 : positiveRemainder(start)
            return (estimate.rounded(.down), fraction, fraction == 0)
        }
        func remainder(_ k: Double) -> ExactSum {
            var r = numerator
            r.add(product: start, divisor)
            r.add(product: -k, divisor)
            return r
        }
        var k = estimate.rounded(.down)
        var steps = 0
        while remainder(k).sign < 0, steps < 4 { k -= 1; steps += 1 }
        while remainder(k + 1).sign >= 0, steps < 8 { k += 1; steps += 1 }
        let r = remainder(k)
        let sign = r.sign
        if sign == 0 { return (k, 0, true) }
        return (k, min(max(r.value / divisor, 0), 1), false)
    }
}
