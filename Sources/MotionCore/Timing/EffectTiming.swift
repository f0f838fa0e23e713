/// Web Animations timing for one effect: the inputs of the model and the one evaluation procedure every front end
/// (CSS, Core Animation) maps onto.
///
/// `evaluate(at:)` follows Web Animations 1 §4.8 as summarised in REFERENCE §3.2, including the after-phase rule that
/// freezes where a negative end delay cuts the animation.
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
    }

    /// Active duration: 0 when D or N is 0, else D·N.
    public var activeDuration: Double { duration == 0 || iterations == 0 ? 0 : duration * iterations }

    /// End time: max(delay + active duration + end delay, 0).
    public var endTime: Double { max(delay + activeDuration + endDelay, 0) }

    /// Evaluates the model at local time `time` (`nil`: unresolved, the idle phase).
    public func evaluate(at time: Double?) -> TimingResult {
        guard let time, !time.isNaN else { return .idle }
        let active = activeDuration
        let end = endTime
        let beforeActive = max(min(delay, end), 0)
        let activeAfter = max(min(delay + active, end), 0)
        let phase: TimingResult.Phase
        if time < beforeActive || (playingBackwards && time == beforeActive) {
            phase = .before
        } else if time > activeAfter || (!playingBackwards && time == activeAfter) {
            phase = .after
        } else {
            phase = .active
        }
        let activeTime: Double?
        switch phase {
        case .before: activeTime = fill == .backwards || fill == .both ? max(time - delay, 0) : nil
        case .active: activeTime = time - delay
        case .after: activeTime = fill == .forwards || fill == .both ? max(min(activeAfter - delay, active), 0) : nil
        case .idle: activeTime = nil
        }
        guard let activeTime else { return TimingResult(phase: phase) }

        let overall = (duration == 0 ? (phase == .before ? 0 : iterations) : activeTime / duration) + iterationStart
        var simple = overall.isInfinite ? positiveRemainder(iterationStart) : positiveRemainder(overall)
        if simple == 0, phase == .active || phase == .after, activeTime == active, iterations != 0 { simple = 1 }
        let iteration: Double
        if phase == .after, iterations.isInfinite {
            iteration = .infinity
        } else {
            iteration = simple == 1 ? overall.rounded(.down) - 1 : overall.rounded(.down)
        }
        let forwards: Bool
        switch direction {
        case .normal: forwards = true
        case .reverse: forwards = false
        case .alternate: forwards = iteration.isInfinite || positiveRemainder(iteration / 2) == 0
        case .alternateReverse: forwards = !iteration.isInfinite && positiveRemainder(iteration / 2) != 0
        }
        let directed = forwards ? simple : 1 - simple
        let before = (phase == .before && forwards) || (phase == .after && !forwards)
        return TimingResult(phase: phase, activeTime: activeTime, currentIteration: iteration, iterationProgress: simple,
                            directedProgress: directed, beforeFlag: before,
                            progress: easing.value(at: directed, before: before))
    }
}

/// x mod 1 in [0, 1) for finite x (the Web Animations "mod 1" on overall progress).
func positiveRemainder(_ value: Double) -> Double {
    let remainder = value - value.rounded(.down)
    return remainder >= 1 ? 0 : remainder
}
