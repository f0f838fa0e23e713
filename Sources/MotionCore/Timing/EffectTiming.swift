/// Web Animations timing for one effect: the inputs of the model and the one evaluation procedure every front end
/// (CSS, Core Animation) maps onto.
///
/// `evaluate(at:)` follows Web Animations 1 §4.8, including the after-phase rule that freezes where a negative end
/// delay cuts the animation, with every boundary decided exactly for the given doubles (`TimingProcedure`).
public struct EffectTiming: Sendable, Hashable {
    /// Which end of the active interval fills, as in CSS `animation-fill-mode`.
    public enum Fill: String, Sendable, Hashable, CaseIterable {
        case none, forwards, backwards, both
    }

    /// The direction of each iteration, as in CSS `animation-direction`.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        case normal, reverse, alternate
        case alternateReverse = "alternate-reverse"
    }

    /// Start delay in time units (any finite value; negative starts part-way).
    public let delay: Double
    /// End delay in time units (any finite value; negative cuts the end off).
    public let endDelay: Double
    /// Duration of one iteration D ≥ 0 (may be infinite).
    public let duration: Double
    /// Number of iterations N ≥ 0 (may be infinite; fractional allowed).
    public let iterations: Double
    /// Where in the iterations playback starts, ≥ 0 and finite (0.5 = half-way through the first).
    public let iterationStart: Double
    /// Which end fills.
    public let fill: Fill
    /// Iteration direction.
    public let direction: Direction
    /// Whether the animation is being played backwards (a negative playback rate): decides the phase at the
    /// boundaries.
    public let playingBackwards: Bool
    /// The easing applied to the directed progress.
    public let easing: TimingFunction

    /// Creates validated timing.
    /// - Throws: for a negative or NaN duration or iteration count, a negative or non-finite iteration start, or a
    ///   non-finite delay or end delay.
    public init(duration: Double, iterations: Double = 1, iterationStart: Double = 0, delay: Double = 0,
                endDelay: Double = 0, fill: Fill = .none, direction: Direction = .normal,
                playingBackwards: Bool = false, easing: TimingFunction = .linear(.identity))
        throws(InvalidParameterError)
    {
        try self.init(duration: duration, iterations: iterations, iterationStart: iterationStart, delay: delay,
                      endDelay: endDelay, fill: fill, direction: direction, playingBackwards: playingBackwards,
                      easing: easing, givenActiveDuration: nil)
    }

    /// The validating initialiser behind both public forms.
    private init(duration: Double, iterations: Double, iterationStart: Double, delay: Double = 0,
                 endDelay: Double = 0, fill: Fill, direction: Direction, playingBackwards: Bool, easing: TimingFunction,
                 givenActiveDuration: Double?) throws(InvalidParameterError) {
        let context = "timing"
        guard duration >= 0 else {
            throw InvalidParameterError(context: context, parameter: "duration", value: duration, rule: "must be ≥ 0")
        }
        guard iterations >= 0 else {
            throw InvalidParameterError(context: context, parameter: "iterations", value: iterations, rule: "must be ≥ 0")
        }
        guard iterationStart >= 0, iterationStart.isFinite else {
            throw InvalidParameterError(context: context, parameter: "iterationStart", value: iterationStart,
                                        rule: "must be a finite number ≥ 0")
        }
        try requireFinite(delay, "delay", in: context)
        try requireFinite(endDelay, "endDelay", in: context)
        self.duration = duration
        self.iterations = iterations
        self.iterationStart = iterationStart
        self.delay = delay
        self.endDelay = endDelay
        self.fill = fill
        self.direction = direction
        self.playingBackwards = playingBackwards
        self.easing = easing
        self.givenActiveDuration = givenActiveDuration
    }

    /// The active duration when it was given directly (Core Animation's `repeatDuration`) rather than as D·N.
    let givenActiveDuration: Double?

    /// Timing whose active duration is `activeDuration` time units exactly (Core Animation's `repeatDuration`), with
    /// `iterations` its rounded quotient by a positive `duration`; the boundaries use the given duration.
    init(duration: Double, activeDuration: Double, iterations: Double, iterationStart: Double, fill: Fill,
         direction: Direction, playingBackwards: Bool, easing: TimingFunction) throws(InvalidParameterError) {
        try self.init(duration: duration, iterations: iterations, iterationStart: iterationStart, fill: fill,
                      direction: direction, playingBackwards: playingBackwards, easing: easing,
                      givenActiveDuration: activeDuration)
    }

    /// Active duration: 0 when D or N is 0, else D·N (rounded; the boundaries use the exact product), or the given
    /// active duration.
    public var activeDuration: Double {
        if duration > 0, duration.isFinite, let givenActiveDuration { return givenActiveDuration }
        return duration == 0 || iterations == 0 ? 0 : duration * iterations
    }

    /// End time: max(delay + active duration + end delay, 0) (rounded; the boundaries use the exact sum).
    public var endTime: Double { max(delay + activeDuration + endDelay, 0) }

    /// The exact procedure over these inputs.
    var procedure: TimingProcedure {
        TimingProcedure(delay: delay, endDelay: endDelay, duration: duration, iterations: iterations,
                        givenActiveDuration: givenActiveDuration, iterationStart: iterationStart, fill: fill,
                        direction: direction, playingBackwards: playingBackwards)
    }

    /// Evaluates the model at local time `time` (`nil`: unresolved, the idle phase). The phase and the current
    /// iteration are the ones exact arithmetic gives for these doubles, and the progress is within about 2^-52 of the
    /// exact one (`TimingProcedure`).
    public func evaluate(at time: Double?) -> TimingResult {
        guard let time, !time.isNaN else { return .idle }
        return evaluate(at: ExactSum(time))
    }

    /// Evaluates the model at the local time `time`, an exact sum (parent time − begin time, unrounded).
    func evaluate(at time: ExactSum) -> TimingResult {
        let outcome = procedure.evaluate(at: time)
        guard let directed = outcome.directed else { return TimingResult(phase: outcome.phase) }
        return TimingResult(phase: outcome.phase, activeTime: outcome.activeTime, currentIteration: outcome.iteration,
                            iterationProgress: outcome.simple, directedProgress: directed,
                            beforeFlag: outcome.before, progress: easing.value(at: directed, before: outcome.before))
    }
}

/// x mod 1 in [0, 1) for finite x (the Web Animations "mod 1" on overall progress).
func positiveRemainder(_ value: Double) -> Double {
    let remainder = value - value.rounded(.down)
    return remainder >= 1 ? 0 : remainder
}
