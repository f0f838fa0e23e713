/// What the timing model says about one local time.
public struct TimingResult: Sendable, Hashable {
    /// Where the local time falls.
    public enum Phase: String, Sendable, Hashable {
        /// Before the active interval.
        case before
        /// Inside the active interval.
        case active
        /// After the active interval.
        case after
        /// No local time (the effect is not attached or was removed).
        case idle
    }

    /// The phase.
    public let phase: Phase
    /// Time since the start of the active interval, when resolved (filling or active).
    public let activeTime: Double?
    /// Zero-based current iteration (`infinity` after an infinite run), when resolved.
    public let currentIteration: Double?
    /// Progress within the current iteration, in [0, 1], when resolved.
    public let iterationProgress: Double?
    /// Iteration progress after the direction (reverse and alternate flip it), when resolved.
    public let directedProgress: Double?
    /// The Web Animations before flag handed to `steps()`.
    public let beforeFlag: Bool
    /// Directed progress after the easing: the value an animation interpolates with; `nil` when the effect does not
    /// apply (unresolved active time).
    public let progress: Double?

    /// A result with every value given.
    public init(phase: Phase, activeTime: Double? = nil, currentIteration: Double? = nil,
                iterationProgress: Double? = nil, directedProgress: Double? = nil, beforeFlag: Bool = false,
                progress: Double? = nil) {
        self.phase = phase
        self.activeTime = activeTime
        self.currentIteration = currentIteration
        self.iterationProgress = iterationProgress
        self.directedProgress = directedProgress
        self.beforeFlag = beforeFlag
        self.progress = progress
    }

    /// The unresolved result.
    public static let idle = TimingResult(phase: .idle)
}
