/// Core Animation's `CAMediaTiming` parameters, mapped onto `EffectTiming`.
///
/// Mapping: local time = (parent time − beginTime)·speed, never rounded at speed 1 (see `evaluate(parentTime:)`); an
/// iteration of the engine is one `duration`, so a cycle with `autoreverses` is two iterations with direction
/// alternate (CA(d, r, autoreverses) ≡ WA(d, 2r, alternate)); `repeatDuration` sets the active duration directly and
/// exactly (the iteration count is its rounded quotient, the boundaries use repeatDuration itself); `timeOffset` becomes
/// the iteration start (timeOffset/d, rounded), wrapped into the active duration so that playback starts part-way and
/// wraps around without changing the active duration; fill `removed` is `none`.
///
/// Assumptions where Apple documents nothing (each a choice, stated here and in the issue notes):
/// - `removedOnCompletion` (default true) removes the animation after its active duration, so it overrides a
///   forwards fill (forwards → none, both → backwards), which is the behaviour iOS developers observe.
/// - A duration of 0 is kept as 0 (the engine's zero-duration rules); Core Animation substitutes the transaction's
///   0.25 s when an animation with duration 0 is added to a layer, which is the caller's business here.
/// - A negative speed plays the local time backwards and flips the boundary rules (the engine's negative playback
///   rate).
public struct MediaTiming: Sendable, Hashable {
    /// `CAMediaTimingFillMode`.
    public enum FillMode: String, Sendable, Hashable, CaseIterable {
        case removed, forwards, backwards, both
    }

    /// `repeatCount = Float.greatestFiniteMagnitude`: repeat forever.
    public static let forever = Double(Float.greatestFiniteMagnitude)

    /// Parent time at which the node starts, in seconds.
    public let beginTime: Double
    /// Duration of one pass, in seconds (≥ 0).
    public let duration: Double
    /// Rate of local time relative to parent time (0 pauses).
    public let speed: Double
    /// Additional offset into the cycles, in local seconds (wraps around).
    public let timeOffset: Double
    /// Number of cycles (fractional allowed; 0 means one; `forever` means infinite).
    public let repeatCount: Double
    /// Active duration in local seconds (0: use repeatCount).
    public let repeatDuration: Double
    /// Whether each cycle plays forwards then backwards.
    public let autoreverses: Bool
    /// Fill outside the active duration.
    public let fillMode: FillMode
    /// Whether the node is removed after its active duration (default true, as in Core Animation).
    public let removedOnCompletion: Bool
    /// The easing (`timingFunction`) applied to each pass.
    public let timingFunction: TimingFunction
    /// The equivalent Web Animations timing, built once.
    public let effectTiming: EffectTiming

    /// Creates validated timing with Core Animation's defaults.
    /// - Throws: for a negative or non-finite duration, repeat count or repeat duration, both a repeat count and a
    ///   repeat duration (Core Animation leaves that undefined), or a non-finite begin time, speed or offset.
    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed, removedOnCompletion: Bool = true,
                timingFunction: TimingFunction = .linear(.identity)) throws(InvalidParameterError) {
        let context = "media timing"
        for (name, value) in [("beginTime", beginTime), ("speed", speed), ("timeOffset", timeOffset)] {
            try requireFinite(value, name, in: context)
        }
        for (name, value) in [("duration", duration), ("repeatDuration", repeatDuration)]
        where !(value >= 0 && value.isFinite) {
            throw InvalidParameterError(context: context, parameter: name, value: value, rule: "must be a finite number ≥ 0")
        }
        guard repeatCount >= 0, !repeatCount.isNaN else {
            throw InvalidParameterError(context: context, parameter: "repeatCount", value: repeatCount, rule: "must be ≥ 0")
        }
        guard repeatCount == 0 || repeatDuration == 0 else {
            throw InvalidParameterError(context: context, parameter: "repeatDuration", value: repeatDuration,
                                        rule: "cannot be set together with repeatCount (Core Animation leaves that undefined)")
        }
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
        self.removedOnCompletion = removedOnCompletion
        self.timingFunction = timingFunction
        effectTiming = Self.effectTiming(
            duration: duration, timeOffset: timeOffset, repeatCount: repeatCount, repeatDuration: repeatDuration,
            autoreverses: autoreverses, fillMode: fillMode, removedOnCompletion: removedOnCompletion, speed: speed,
            timingFunction: timingFunction)
    }

    /// The Web Animations timing equivalent to these Core Animation parameters.
    private static func effectTiming(
        duration: Double, timeOffset: Double, repeatCount: Double, repeatDuration: Double, autoreverses: Bool,
        fillMode: FillMode, removedOnCompletion: Bool, speed: Double, timingFunction: TimingFunction
    ) -> EffectTiming {
        let passes: Double = autoreverses ? 2 : 1
        var iterations: Double
        if repeatDuration > 0 {
            iterations = duration > 0 ? repeatDuration / duration : .infinity
        } else if repeatCount > 0 {
            iterations = repeatCount >= Self.forever ? .infinity : repeatCount * passes
        } else {
            iterations = passes
        }
        if duration == 0, repeatDuration > 0 { iterations = passes }
        var start = duration > 0 ? timeOffset / duration : 0
        if iterations.isFinite, iterations > 0 {
            start -= (start / iterations).rounded(.down) * iterations
        } else if start < 0 {
            start -= (start / passes).rounded(.down) * passes
        }
        if !start.isFinite {
            // timeOffset / duration overflowed (a tiny duration or a huge offset): reduce the offset modulo the span of
            // iterations (or of one pass when the count is infinite) in seconds first, which is exact.
            let period = iterations.isFinite && iterations > 0 ? iterations : passes
            start = timeOffset.truncatingRemainder(dividingBy: period * duration) / duration
            if start < 0 { start += period }
            start = min(max(start, 0), period.nextDown)
        }
        let fill: EffectTiming.Fill
        switch (fillMode, removedOnCompletion) {
        case (.removed, _), (.forwards, true): fill = .none
        case (.backwards, _), (.both, true): fill = .backwards
        case (.forwards, false): fill = .forwards
        case (.both, false): fill = .both
        }
        // Validated inputs always give valid engine timing; the fallback is never taken.
        let direction: EffectTiming.Direction = autoreverses ? .alternate : .normal
        do {
            if repeatDuration > 0, duration > 0 {
                // The active duration is repeatDuration exactly, not (repeatDuration/duration)·duration.
                return try EffectTiming(duration: duration, activeDuration: repeatDuration, iterations: iterations,
                                        iterationStart: max(start, 0), fill: fill, direction: direction,
                                        playingBackwards: speed < 0, easing: timingFunction)
            }
            return try EffectTiming(duration: duration, iterations: iterations, iterationStart: max(start, 0), fill: fill,
                                    direction: direction, playingBackwards: speed < 0, easing: timingFunction)
        } catch {
            preconditionFailure("media timing mapped onto invalid engine timing: \(error)")
        }
    }

    /// Local time for a parent time: (parent − beginTime)·speed.
    public func localTime(parentTime: Double) -> Double {
        speed == 0 ? 0 : (parentTime - beginTime) * speed
    }

    /// The time a group's children see at `parentTime`: the group's eased progress within its current pass times its
    /// duration, or `nil` when the group does not apply (its children are removed with it). The group's own timing
    /// function shapes that time (an assumption: Apple does not document it, and it is what a group's
    /// `timingFunction` property implies).
    public func groupChildTime(parentTime: Double?) -> Double? {
        guard let progress = evaluate(parentTime: parentTime).progress else { return nil }
        return progress * duration
    }

    /// Evaluates the node at `parentTime` (seconds in its parent's time). At speed 1 the local time parentTime −
    /// beginTime is never rounded: the boundaries are decided on the exact difference. At any other speed the local
    /// time (parentTime − beginTime)·speed is computed in double first, and the boundaries are decided exactly on it.
    public func evaluate(parentTime: Double?) -> TimingResult {
        guard let parentTime, !parentTime.isNaN else { return .idle }
        if speed == 1 { return effectTiming.evaluate(at: ExactSum(parentTime, -beginTime)) }
        return effectTiming.evaluate(at: localTime(parentTime: parentTime))
    }
}

/// One node of Core Animation's timing tree: a layer, a group or an animation. Time flows from parent to child:
/// a layer's children see (t − beginTime)·speed + timeOffset (a layer's speed scales its whole subtree); a group's
/// children see the group's (eased) time within its current pass, and nothing (idle) when the group does not apply,
/// so a group clips its children to its own active duration without scaling them.
public struct TimingNode: Sendable, Hashable {
    /// What kind of node this is.
    public enum Kind: String, Sendable, Hashable {
        case layer, group, animation
    }

    /// The node's kind.
    public let kind: Kind
    /// The node's timing parameters.
    public let timing: MediaTiming

    /// A node of `kind` with `timing`.
    public init(_ kind: Kind, _ timing: MediaTiming) {
        self.kind = kind
        self.timing = timing
    }

    /// The time this node's children see for the node's `parentTime`, or `nil` when it is clipped away.
    public func childTime(parentTime: Double?) -> Double? {
        guard let parentTime else { return nil }
        switch kind {
        case .layer:
            return timing.localTime(parentTime: parentTime) + timing.timeOffset
        case .group, .animation:
            return timing.groupChildTime(parentTime: parentTime)
        }
    }

    /// Evaluates the last node of `path` (root first, e.g. layer → group → animation) at root time `time`.
    public static func evaluate(path: [TimingNode], at time: Double) -> TimingResult {
        guard let leaf = path.last else { return .idle }
        var current: Double? = time
        for node in path.dropLast() { current = node.childTime(parentTime: current) }
        return leaf.timing.evaluate(parentTime: current)
    }
}
