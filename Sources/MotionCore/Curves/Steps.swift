/// The CSS `steps(n, position)` timing function: a staircase of `count` intervals.
///
/// Evaluation follows CSS Easing 1, including the *before flag*: when the effect is in its before phase going
/// forwards (or its after phase going backwards) and p·n is a whole number, the step below is used.
public struct Steps: TimingCurve, Hashable, CustomStringConvertible {
    /// Where the jumps happen.
    public enum Position: String, Sendable, Hashable, CaseIterable {
        /// The first jump happens at input 0 (`start` is an alias).
        case jumpStart = "jump-start"
        /// The last jump happens at input 1 (`end` is an alias; the default).
        case jumpEnd = "jump-end"
        /// No jump at either end; needs at least 2 steps.
        case jumpNone = "jump-none"
        /// Jumps at both ends.
        case jumpBoth = "jump-both"

        /// CSS's aliases: `start` for `jump-start`, `end` for `jump-end`.
        public static let aliases: [(keyword: String, position: Position)] = [("start", .jumpStart), ("end", .jumpEnd)]

        /// Every keyword a spec may write for a position, in the order help and messages list them.
        public static var keywords: [String] { allCases.map(\.rawValue) + aliases.map(\.keyword) }

        /// Parses a CSS position keyword, including the aliases `start` and `end`.
        public init?(keyword: String) {
            guard let position = Self.aliases.first(where: { $0.keyword == keyword })?.position else {
                self.init(rawValue: keyword)
                return
            }
            self = position
        }
    }

    /// The number of intervals, n ≥ 1 (n ≥ 2 for `jump-none`).
    public let count: Int
    /// Where the jumps happen.
    public let position: Position

    /// Creates `steps(count, position)`.
    /// - Throws: `InvalidParameterError` when `count` < 1, or < 2 with `jump-none`.
    public init(count: Int, position: Position = .jumpEnd) throws(InvalidParameterError) {
        let minimum = position == .jumpNone ? 2 : 1
        guard count >= minimum else {
            throw InvalidParameterError(
                context: "steps", parameter: "n", value: String(count),
                rule: "must be an integer ≥ \(minimum)\(position == .jumpNone ? " with jump-none" : "")")
        }
        self.count = count
        self.position = position
    }

    /// The number of jumps the output makes over [0, 1].
    public var jumps: Int {
        switch position {
        case .jumpStart, .jumpEnd: count
        case .jumpNone: count - 1
        case .jumpBoth: count + 1
        }
    }

    /// The output at `progress` with the before flag clear.
    public func value(at progress: Double) -> Double { value(at: progress, before: false) }

    /// The output at `progress` (CSS Easing 1 step algorithm).
    public func value(at progress: Double, before: Bool) -> Double {
        let scaled = progress * Double(count)
        var current = scaled.rounded(.down)
        if position == .jumpStart || position == .jumpBoth { current += 1 }
        if before, scaled == scaled.rounded(.down) { current -= 1 }
        if progress >= 0, current < 0 { current = 0 }
        let jumps = Double(jumps)
        if progress <= 1, current > jumps { current = jumps }
        return current / jumps
    }

    /// 0: the output is piecewise constant.
    public func slope(at progress: Double) -> Double { 0 }

    /// `steps(n)` for jump-end, else `steps(n, position)`.
    public var description: String {
        position == .jumpEnd ? "steps(\(count))" : "steps(\(count), \(position.rawValue))"
    }
}
