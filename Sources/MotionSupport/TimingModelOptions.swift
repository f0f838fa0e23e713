import MotionCore

/// The timing model `motionbench timing`'s options describe: Web Animations' `EffectTiming` (an effect at a local
/// time) or Core Animation's `MediaTiming` (a node at its parent's time), each option nil (or false) when not given.
/// The two sets cannot be mixed; `duration` belongs to both. Times are in seconds.
package struct TimingModelOptions: Sendable {
    /// `--duration` as written: the iteration duration in seconds (≥ 0; `inf` allowed for Web Animations).
    package var duration: String
    /// `--iterations` as written: the iteration count (≥ 0, or `inf`); Web Animations.
    package var iterations: String?
    /// `--iteration-start`: the iteration start (≥ 0); Web Animations.
    package var iterationStart: Double?
    /// `--delay`: the start delay in seconds; Web Animations.
    package var delay: Double?
    /// `--end-delay`: the end delay in seconds; Web Animations.
    package var endDelay: Double?
    /// `--fill` (default none); Web Animations.
    package var fill: EffectTiming.Fill?
    /// `--direction` (default normal); Web Animations.
    package var direction: EffectTiming.Direction?
    /// `--playback-rate`: only its sign matters at the boundaries; Web Animations.
    package var playbackRate: Double?
    /// `--begin-time`: Core Animation's beginTime in parent seconds.
    package var beginTime: Double?
    /// `--speed`: Core Animation's speed.
    package var speed: Double?
    /// `--time-offset`: Core Animation's timeOffset in local seconds.
    package var timeOffset: Double?
    /// `--repeat-count` as written: Core Animation's repeatCount (`inf` repeats forever).
    package var repeatCount: String?
    /// `--repeat-duration`: Core Animation's repeatDuration in seconds.
    package var repeatDuration: Double?
    /// `--autoreverses`: Core Animation's autoreverses.
    package var autoreverses: Bool
    /// `--fill-mode` (default removed): Core Animation's fillMode.
    package var fillMode: MediaTiming.FillMode?
    /// `--removed-on-completion`: Core Animation's removedOnCompletion (default here: false, so that a fill mode shows).
    package var removedOnCompletion: Bool

    /// The options as given (nil or false for one not given).
    package init(duration: String, iterations: String? = nil, iterationStart: Double? = nil, delay: Double? = nil,
                 endDelay: Double? = nil, fill: EffectTiming.Fill? = nil, direction: EffectTiming.Direction? = nil,
                 playbackRate: Double? = nil, beginTime: Double? = nil, speed: Double? = nil, timeOffset: Double? = nil,
                 repeatCount: String? = nil, repeatDuration: Double? = nil, autoreverses: Bool = false,
                 fillMode: MediaTiming.FillMode? = nil, removedOnCompletion: Bool = false) {
        (self.duration, self.iterations, self.iterationStart, self.delay) = (duration, iterations, iterationStart, delay)
        (self.endDelay, self.fill, self.direction, self.playbackRate) = (endDelay, fill, direction, playbackRate)
        (self.beginTime, self.speed, self.timeOffset, self.repeatCount) = (beginTime, speed, timeOffset, repeatCount)
        (self.repeatDuration, self.autoreverses) = (repeatDuration, autoreverses)
        (self.fillMode, self.removedOnCompletion) = (fillMode, removedOnCompletion)
    }

    /// Whether a Core Animation option is given.
    package var usesCoreAnimation: Bool {
        beginTime != nil || speed != nil || timeOffset != nil || repeatCount != nil || repeatDuration != nil || autoreverses
            || fillMode != nil || removedOnCompletion
    }

    /// Whether a Web Animations option is given.
    package var usesWebAnimations: Bool {
        iterations != nil || iterationStart != nil || delay != nil || endDelay != nil || fill != nil || direction != nil
            || playbackRate != nil
    }

    /// Checks the options without an easing: the numbers, that the two sets are not mixed, then the timing model's own
    /// range checks (duration, repeat count, …) with a stand-in easing.
    /// - Throws: `TimingModelError`, or the model's error, naming the first option that does not fit.
    package func check() throws {
        _ = try Self.number(duration, "--duration")
        if usesCoreAnimation, usesWebAnimations {
            throw TimingModelError(message: "timing: Core Animation options (--begin-time, --speed, ...) cannot be mixed with "
                                   + "Web Animations options (--iterations, --fill, --direction, ...)")
        }
        if usesCoreAnimation {
            _ = try repeatCount.map { try Self.number($0, "--repeat-count") }
        } else {
            _ = try iterations.map { try Self.number($0, "--iterations") }
            if let playbackRate, !playbackRate.isFinite {
                throw TimingModelError(message: "timing: --playback-rate must be a finite number")
            }
        }
        _ = try evaluator(easing: .cubicBezier(.ease))
    }

    /// The timing model the options describe, with `easing`, as a function from time in seconds (the parent's time for
    /// Core Animation, the local time for Web Animations) to its phase, iteration and progress.
    /// - Throws: `TimingModelError` for a value that is not a number, or the model's error for options it rejects (a
    ///   negative duration, say), naming the option.
    package func evaluator(easing: TimingFunction) throws -> (Double) -> TimingResult {
        let duration = try Self.number(self.duration, "--duration")
        if usesCoreAnimation {
            let count = try repeatCount.map { try Self.number($0, "--repeat-count") } ?? 0
            let timing = try MediaTiming(
                beginTime: beginTime ?? 0, duration: duration, speed: speed ?? 1, timeOffset: timeOffset ?? 0,
                repeatCount: count.isInfinite ? MediaTiming.forever : count, repeatDuration: repeatDuration ?? 0,
                autoreverses: autoreverses, fillMode: fillMode ?? .removed, removedOnCompletion: removedOnCompletion,
                timingFunction: easing)
            return { timing.evaluate(parentTime: $0) }
        }
        let timing = try EffectTiming(
            duration: duration, iterations: try iterations.map { try Self.number($0, "--iterations") } ?? 1,
            iterationStart: iterationStart ?? 0, delay: delay ?? 0, endDelay: endDelay ?? 0, fill: fill ?? EffectTiming.Fill.none,
            direction: direction ?? .normal, playingBackwards: (playbackRate ?? 1) < 0, easing: easing)
        return { timing.evaluate(at: $0) }
    }

    /// `text` as a number, where `inf` and `infinity` are +infinity; NaN is rejected.
    /// - Throws: `TimingModelError` naming `option` and quoting `text`.
    package static func number(_ text: String, _ option: String) throws(TimingModelError) -> Double {
        let value: Double? = text == "inf" || text == "infinity" ? .infinity : Double(text)
        guard let value, !value.isNaN else {
            throw TimingModelError(message: "timing: \(option) '\(text)' is not a number")
        }
        return value
    }
}
