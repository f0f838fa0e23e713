/// UIView's `animateKeyframes(withDuration:…)` with `addKeyframe(withRelativeStartTime:relativeDuration:)` for one
/// property: each keyframe animates from the value reached so far to its own value, over its slice of the total
/// duration.
public struct ViewKeyframes<Value: AnimatableValue>: Sendable {
    /// One keyframe: start and duration as fractions of the total, and the value it animates to.
    public struct Keyframe: Sendable {
        /// Start as a fraction of the total duration, in [0, 1].
        public let relativeStartTime: Double
        /// Length as a fraction of the total duration; start + length ≤ 1.
        public let relativeDuration: Double
        /// Target value.
        public let value: Value
        /// A keyframe.
        public init(relativeStartTime: Double, relativeDuration: Double, value: Value) {
            (self.relativeStartTime, self.relativeDuration, self.value) = (relativeStartTime, relativeDuration, value)
        }
    }

    /// Total duration in seconds.
    public let duration: Double
    /// The value before the first keyframe.
    public let initialValue: Value
    /// Keyframes sorted by start time.
    public let keyframes: [Keyframe]
    /// The curve applied inside each keyframe (UIView's default is ease-in-out).
    public let curve: TimingFunction

    /// Creates the sequence.
    /// - Throws: for a negative or non-finite duration, or a keyframe whose start or length leaves [0, 1].
    public init(duration: Double, initialValue: Value, keyframes: [Keyframe],
                curve: TimingFunction = .cubicBezier(.easeInOut)) throws(InvalidParameterError) {
        guard duration >= 0, duration.isFinite else {
            throw InvalidParameterError(context: "keyframes", parameter: "duration", value: duration,
                                        rule: "must be a finite number ≥ 0")
        }
        for (index, keyframe) in keyframes.enumerated() {
            let start = keyframe.relativeStartTime, length = keyframe.relativeDuration
            guard start >= 0, start <= 1 else {
                throw InvalidParameterError(context: "keyframes", parameter: "relativeStartTime[\(index)]", value: start,
                                            rule: "is outside [0, 1]")
            }
            guard length >= 0, start + length <= 1 + 1e-12 else {
                throw InvalidParameterError(context: "keyframes", parameter: "relativeDuration[\(index)]", value: length,
                                            rule: "must be ≥ 0 and end by 1 (start \(formatSpecNumber(start)))")
            }
        }
        self.duration = duration
        self.initialValue = initialValue
        self.keyframes = keyframes.sorted { $0.relativeStartTime < $1.relativeStartTime }
        self.curve = curve
    }

    /// The value at `time` seconds since the start (the last value after the end).
    public func value(at time: Double) -> Value {
        var current = initialValue
        for keyframe in keyframes {
            let start = keyframe.relativeStartTime * duration, length = keyframe.relativeDuration * duration
            guard time >= start else { break }
            let progress = length > 0 ? min((time - start) / length, 1) : 1
            current = current.interpolated(to: keyframe.value, at: curve.value(at: progress))
        }
        return current
    }
}
