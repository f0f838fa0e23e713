/// `CABasicAnimation`: interpolates between two values over its timing, with Core Animation's from/to/by rules,
/// additive and cumulative modes.
///
/// from/to/by (at most two set): from+to → from…to; from+by → from…from+by; by+to → to−by…to; from alone →
/// from…current; to alone → current…to; by alone → current…current+by; none → current…current.
public struct BasicAnimation<Value: AnimatableValue>: Sendable {
    /// Start value, if given.
    public let from: Value?
    /// End value, if given.
    public let to: Value?
    /// Relative change, if given.
    public let by: Value?
    /// Timing (duration, repeats, fill, easing …).
    public let timing: MediaTiming
    /// Adds the animated value to the current (model) value instead of replacing it.
    public let isAdditive: Bool
    /// Adds (end − start) for every completed repeat cycle.
    public let isCumulative: Bool

    /// Creates the animation.
    /// - Throws: when from, to and by are all set (Core Animation accepts at most two).
    public init(from: Value? = nil, to: Value? = nil, by: Value? = nil, timing: MediaTiming, isAdditive: Bool = false,
                isCumulative: Bool = false) throws(InvalidParameterError) {
        guard from == nil || to == nil || by == nil else {
            throw InvalidParameterError(context: "basic animation", parameter: "by", value: "set",
                                        rule: "cannot be combined with both from and to (at most two of from, to, by)")
        }
        (self.from, self.to, self.by, self.timing) = (from, to, by, timing)
        (self.isAdditive, self.isCumulative) = (isAdditive, isCumulative)
    }

    /// The start and end values given the current (model) value.
    @inlinable
    public func endpoints(current: Value) -> (start: Value, end: Value) {
        switch (from, to, by) {
        case let (from?, to?, _): (from, to)
        case let (from?, nil, by?): (from, by.adding(from))
        case let (nil, to?, by?): (to.subtracting(by), to)
        case let (from?, nil, nil): (from, current)
        case let (nil, to?, nil): (current, to)
        case let (nil, nil, by?): (current, by.adding(current))
        default: (current, current)
        }
    }

    /// The value at eased progress `progress` in completed cycle `cycle`, for a current value `current`.
    @inlinable
    public func value(progress: Double, cycle: Int, current: Value) -> Value {
        let (start, end) = endpoints(current: current)
        var value = start.interpolated(to: end, at: progress)
        if isCumulative, cycle > 0 { value = value.accumulating(end.subtracting(start), times: cycle) }
        return isAdditive ? current.adding(value) : value
    }

    /// The presentation value at `parentTime`, or `nil` when the animation does not apply then.
    @inlinable
    public func value(atParentTime parentTime: Double?, current: Value) -> Value? {
        let result = timing.evaluate(parentTime: parentTime)
        guard let progress = result.progress else { return nil }
        return value(progress: progress, cycle: completedCycles(result), current: current)
    }

    /// Completed repeat cycles (an autoreverse cycle is two engine iterations).
    @inlinable
    func completedCycles(_ result: TimingResult) -> Int {
        guard let iteration = result.currentIteration, iteration.isFinite else { return 0 }
        let cycles = timing.autoreverses ? (iteration / 2).rounded(.down) : iteration
        return Int(min(max(cycles, 0), Double(Int32.max)))
    }
}
