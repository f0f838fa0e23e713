import CMPFR

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
        guard count >= Self.minimumCount(position) else {
            throw Self.countError(String(count), position)
        }
        self.count = count
        self.position = position
    }

    /// The least step count `position` allows: 2 for `jump-none`, else 1.
    static func minimumCount(_ position: Position) -> Int { position == .jumpNone ? 2 : 1 }

    /// The error for a step count below `minimumCount(position)`, written as `count`.
    static func countError(_ count: String, _ position: Position) -> InvalidParameterError {
        InvalidParameterError(context: "steps", parameter: "n", value: count,
                              rule: "must be an integer ≥ \(minimumCount(position))"
                                  + (position == .jumpNone ? " with jump-none" : ""))
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

    /// The output at `progress` (CSS Easing 1 step algorithm), exact: the current step is ⌊progress·n⌋ of the exact
    /// product (never of a rounded one: at the double just below k/n, progress·n may round up to k, a full step
    /// early), and the output the double nearest current/jumps. NaN passes through.
    @inline(never)
    public func value(at progress: Double, before: Bool) -> Double {
        if progress.isNaN { return progress }
        guard let (floor, whole) = Self.exactFloor(progress, count) else {
            return largeValue(at: progress, before: before)
        }
        var current = floor
        if position == .jumpStart || position == .jumpBoth { current += 1 }
        if before, whole { current -= 1 }
        if progress >= 0, current < 0 { current = 0 }
        let jumps = Double(jumps)
        if progress <= 1, current > jumps { current = jumps }
        // current and jumps are integers below 2^53: one IEEE division is the correctly rounded quotient.
        return (current + 0) / jumps
    }

    /// ⌊x·n⌋ of the exact product and whether x·n is a whole number, where |x·n| < 2^52 and n < 2^52 (else nil): the
    /// product as an unevaluated sum (Dekker's), whose high part, when whole, is the floor unless the low part is
    /// negative.
    static func exactFloor(_ x: Double, _ n: Int) -> (floor: Double, whole: Bool)? {
        guard n < 1 << 52 else { return nil }
        if abs(x) < 0x1p-900 {
            // |x·n| < 1: no product error to track.
            return x == 0 ? (0, true) : (x < 0 ? (-1, false) : (0, false))
        }
        let product = DoubleDouble.product(x, Double(n))
        guard abs(product.high) < 0x1p52 else { return nil }
        let down = product.high.rounded(.down)
        guard down == product.high else { return (down, false) }
        return product.low < 0 ? (down - 1, false) : (down, product.low == 0)
    }

    /// `value(at:before:)` where |progress·n| or n reaches 2^52, in exact multi-precision arithmetic.
    @inline(never)
    func largeValue(at progress: Double, before: Bool) -> Double {
        typealias Number = MultiPrecisionFloat
        let product = Number.exactProduct(Number(progress), Number(integer: count))
        let floor = Number(precision: Swift.max(product.exponent + 2, 64))
        mpfr_floor(floor.pointer, product.pointer)
        var current = floor
        let whole = floor.compare(product) == 0
        if position == .jumpStart || position == .jumpBoth { current = Number.exactSum(current, Number(1.0)) }
        if before, whole { current = Number.exactDifference(current, Number(1.0)) }
        if progress >= 0, current.sign < 0 { current = Number(0.0) }
        let jumps = Number(integer: jumps)
        if progress <= 1, current.compare(jumps) > 0 { current = jumps }
        if current.isZero { return 0 }
        return Number.nearestDouble(quotient: current, jumps)
    }

    /// 0: the output is piecewise constant.
    public func slope(at progress: Double) -> Double { 0 }

    /// `steps(n)` for jump-end, else `steps(n, position)`.
    public var description: String {
        position == .jumpEnd ? "steps(\(count))" : "steps(\(count), \(position.rawValue))"
    }
}
