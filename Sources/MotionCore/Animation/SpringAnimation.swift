/// `CASpringAnimation`: a basic animation whose progress follows a spring over its duration. The animation ends at
/// its duration whether or not the spring has settled; set the duration to `settlingTime()` to see all of it.
public struct SpringAnimation<Value: AnimatableValue>: Sendable {
    /// The endpoints and timing (the timing function is replaced by the spring).
    public let basic: BasicAnimation<Value>
    /// The spring driving progress (time in local seconds).
    public let spring: Spring

    /// Creates the animation; `basic.timing` supplies duration, repeats and fill.
    public init(basic: BasicAnimation<Value>, spring: Spring) {
        self.basic = basic
        self.spring = spring
    }

    /// The presentation value at `parentTime`, or `nil` when the animation does not apply.
    public func value(atParentTime parentTime: Double?, current: Value) -> Value? {
        let result = basic.timing.evaluate(parentTime: parentTime)
        guard let directed = result.directedProgress else { return nil }
        let progress = spring.progress(at: directed * basic.timing.duration)
        return basic.value(progress: progress, cycle: basic.completedCycles(result), current: current)
    }
}

/// `CAAnimationGroup`: children run in the group's time, clipped (not scaled) to its active duration; the group's
/// own timing function shapes that time.
public struct AnimationGroup: Sendable {
    /// The group's timing.
    public let timing: MediaTiming

    /// A group with `timing`.
    public init(timing: MediaTiming) {
        self.timing = timing
    }

    /// The time the children see at `parentTime`, or `nil` when the group does not apply (children removed).
    public func childTime(parentTime: Double?) -> Double? {
        timing.groupChildTime(parentTime: parentTime)
    }
}
