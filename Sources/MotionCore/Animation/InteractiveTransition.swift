/// `UIPercentDrivenInteractiveTransition`: a gesture scrubs the transition, then `finish()` or `cancel()` animates
/// the rest.
///
/// `update(p)` sets the percent linearly (clamped below at 0); finishing animates p → 1 over
/// (1 − p)·duration / completionSpeed, cancelling p → 0 over p·duration / completionSpeed, both with the completion
/// curve (default ease-in-out).
public struct InteractiveTransition: Sendable {
    /// Duration of the full transition, seconds.
    public let duration: Double
    /// Speed-up of the completion (UIKit's `completionSpeed`, > 0).
    public let completionSpeed: Double
    /// Curve of the completion (UIKit's `completionCurve`).
    public let completionCurve: TimingFunction
    /// Current percent complete.
    public private(set) var percentComplete: Double = 0

    /// The animation that completes or cancels a scrubbed transition.
    public struct Completion: Sendable, Hashable {
        /// Percent when the completion starts.
        public let from: Double
        /// 1 when finishing, 0 when cancelling.
        public let to: Double
        /// Seconds the completion takes.
        public let duration: Double
        /// Its curve.
        public let curve: TimingFunction

        /// Percent complete `time` seconds after the completion started.
        public func percent(at time: Double) -> Double {
            guard duration > 0 else { return to }
            let progress = min(max(time / duration, 0), 1)
            return from + (to - from) * curve.value(at: progress)
        }
    }

    /// A transition of `duration` seconds.
    /// - Throws: for a negative duration or a completion speed that is not > 0.
    public init(duration: Double, completionSpeed: Double = 1,
                completionCurve: TimingFunction = .cubicBezier(.easeInOut)) throws(InvalidParameterError) {
        guard duration >= 0, duration.isFinite else {
            throw InvalidParameterError(context: "interactive transition", parameter: "duration", value: duration,
                                        rule: "must be a finite number ≥ 0")
        }
        guard completionSpeed > 0, completionSpeed.isFinite else {
            throw InvalidParameterError(context: "interactive transition", parameter: "completionSpeed",
                                        value: completionSpeed, rule: "must be a finite number > 0")
        }
        (self.duration, self.completionSpeed, self.completionCurve) = (duration, completionSpeed, completionCurve)
    }

    /// Scrubs to `percent` (clamped below at 0).
    public mutating func update(_ percent: Double) {
        percentComplete = max(percent, 0)
    }

    /// The completion to 1 from the current percent.
    public func finish() -> Completion {
        Completion(from: percentComplete, to: 1, duration: max(1 - percentComplete, 0) * duration / completionSpeed,
                   curve: completionCurve)
    }

    /// The completion back to 0 from the current percent.
    public func cancel() -> Completion {
        Completion(from: percentComplete, to: 0, duration: percentComplete * duration / completionSpeed, curve: completionCurve)
    }
}
