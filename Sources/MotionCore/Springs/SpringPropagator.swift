/// The exact one-frame step of a spring: the state s = (x, x') with x = position − target evolves as
/// s(t + h) = A(h)·s(t), A(h) = exp(M·h), built once from the closed form (`SpringSolution.propagatorTerms`):
///
///     A = [[E_C + λ·E_S,  E_S        ],
///          [−ω0²·E_S,     E_C − λ·E_S]]
///
/// A step costs 4 multiplies and 2 adds and is exact to rounding: the error grows by about one ulp per step, not
/// with h. States below `restThreshold` snap to rest so that long-decayed springs never become subnormal.
public struct SpringPropagator: Sendable, Hashable {
    /// Position units below which a state (displacement and velocity·interval) snaps to rest: 2^-60 of the distance.
    public static let restThreshold = 0x1p-60

    /// The frame interval h in seconds.
    public let interval: Double
    /// Row 1 of A(h): new displacement = a11·x + a12·x'.
    public let a11: Double, a12: Double
    /// Row 2 of A(h): new rate = a21·x + a22·x'.
    public let a21: Double, a22: Double
    /// Rates below this (restThreshold / h, in units per second) count as at rest.
    public let restRate: Double

    /// The exact step of `spring` over `interval` seconds.
    /// - Throws: for an interval that is not a finite number > 0.
    public init(spring: Spring, interval: Double) throws(InvalidParameterError) {
        try requirePositive(interval, "interval", in: "spring propagator", unit: " s")
        self.init(solution: spring.solution, interval: interval)
    }

    /// The exact step of `solution` over `interval` seconds (> 0).
    public init(solution: SpringSolution, interval: Double) {
        let (ec, es) = solution.propagatorTerms(at: interval)
        let lambda = solution.decayRate
        self.interval = interval
        a11 = ec + lambda * es
        a12 = es
        a21 = -solution.naturalFrequencySquared * es
        a22 = ec - lambda * es
        restRate = Self.restThreshold / interval
    }

    /// Advances `state` by one interval (position and velocity relative to its target), snapping to rest.
    @inlinable
    public func advance(_ state: inout SpringState) {
        (state.displacement, state.velocity) = Self.step(displacement: state.displacement, rate: state.velocity,
                                                         a11: a11, a12: a12, a21: a21, a22: a22, restRate: restRate)
    }

    /// The step every propagator loop shares: (x, ẋ) ← A·(x, ẋ) with A = [[a11, a12], [a21, a22]], snapped to (0, 0)
    /// when |x| < `restThreshold` and |ẋ| < `restRate` (units per second), branch-free so that loops vectorise.
    @inlinable @inline(__always)
    public static func step(displacement x: Double, rate: Double, a11: Double, a12: Double, a21: Double, a22: Double,
                            restRate: Double) -> (displacement: Double, rate: Double) {
        let newX = a11 * x + a12 * rate, newRate = a21 * x + a22 * rate
        let atRest = (abs(newX) < restThreshold ? 1 : 0) & (abs(newRate) < restRate ? 1 : 0) != 0
        return (atRest ? 0 : newX, atRest ? 0 : newRate)
    }

    /// `step` on two layers at once, for a loop written on explicit SIMD2 lanes: the same operations in the same order
    /// in each lane, so each lane's result is the scalar step's to the bit.
    @inlinable @inline(__always)
    public static func step(displacement x: SIMD2<Double>, rate: SIMD2<Double>, a11: SIMD2<Double>, a12: SIMD2<Double>,
                            a21: SIMD2<Double>, a22: SIMD2<Double>, restRate: Double)
        -> (displacement: SIMD2<Double>, rate: SIMD2<Double>)
    {
        let newX = a11 * x + a12 * rate, newRate = a21 * x + a22 * rate
        let rest = SIMD2(repeating: restThreshold), restRates = SIMD2(repeating: restRate)
        // |v| < r as −r < v < r: the same truth for every value, NaN included (false).
        let atRest = (newX .< rest) .& (newX .> -rest) .& (newRate .< restRates) .& (newRate .> -restRates)
        return (newX.replacing(with: 0, where: atRest), newRate.replacing(with: 0, where: atRest))
    }

    /// `step` on four layers at once, the kernel of `advance(displacements:rates:)`, with the thresholds already in
    /// lanes: each lane's result is the scalar step's to the bit. |v| < r is false for NaN in both; here |v| is one
    /// AND that clears the sign bits, so each value costs one compare. (Written for `SIMD4` alone: built from a generic
    /// SIMD helper, or with the thresholds splatted inside the loop, LLVM legalises the four-lane compares on SSE2 into
    /// scalar compares and shuffles, twice as slow.)
    @inlinable @inline(__always)
    static func step(displacement x: SIMD4<Double>, rate: SIMD4<Double>, a11: SIMD4<Double>, a12: SIMD4<Double>,
                     a21: SIMD4<Double>, a22: SIMD4<Double>, restThresholds: SIMD4<Double>, restRates: SIMD4<Double>)
        -> (displacement: SIMD4<Double>, rate: SIMD4<Double>)
    {
        let newX = a11 * x + a12 * rate, newRate = a21 * x + a22 * rate
        let signs = SIMD4<UInt64>(repeating: 0x7FFF_FFFF_FFFF_FFFF)
        let magnitudeX = unsafeBitCast(unsafeBitCast(newX, to: SIMD4<UInt64>.self) & signs, to: SIMD4<Double>.self)
        let magnitudeRate = unsafeBitCast(unsafeBitCast(newRate, to: SIMD4<UInt64>.self) & signs, to: SIMD4<Double>.self)
        let atRest = (magnitudeX .< restThresholds) .& (magnitudeRate .< restRates)
        return (newX.replacing(with: 0, where: atRest), newRate.replacing(with: 0, where: atRest))
    }

    /// Advances every layer by one interval, in struct-of-arrays form: `displacements[i]` (position − target) and
    /// `rates[i]` (its derivative, units per second). An explicit `SIMD4` kernel, four layers per step (two SSE2
    /// registers on the baseline target, one AVX register when built for a CPU that has it), then the scalar step for
    /// the last few; every layer's result is the scalar step's to the bit.
    @inlinable
    public func advance(displacements: UnsafeMutableBufferPointer<Double>, rates: UnsafeMutableBufferPointer<Double>) {
        let count = min(displacements.count, rates.count)
        guard count > 0, let x = displacements.baseAddress, let v = rates.baseAddress else { return }
        let (a11, a12, a21, a22, restRate) = (self.a11, self.a12, self.a21, self.a22, self.restRate)
        let (lanes11, lanes12) = (SIMD4(repeating: a11), SIMD4(repeating: a12))
        let (lanes21, lanes22) = (SIMD4(repeating: a21), SIMD4(repeating: a22))
        let (thresholds, rates) = (SIMD4(repeating: Self.restThreshold), SIMD4(repeating: restRate))
        let (rawX, rawV) = (UnsafeMutableRawPointer(x), UnsafeMutableRawPointer(v))
        var i = 0
        while i &+ 4 <= count {
            let offset = i &* MemoryLayout<Double>.stride
            let stepped = Self.step(displacement: rawX.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self),
                                    rate: rawV.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self),
                                    a11: lanes11, a12: lanes12, a21: lanes21, a22: lanes22,
                                    restThresholds: thresholds, restRates: rates)
            rawX.storeBytes(of: stepped.displacement, toByteOffset: offset, as: SIMD4<Double>.self)
            rawV.storeBytes(of: stepped.rate, toByteOffset: offset, as: SIMD4<Double>.self)
            i &+= 4
        }
        while i < count {
            (x[i], v[i]) = Self.step(displacement: x[i], rate: v[i], a11: a11, a12: a12, a21: a21, a22: a22,
                                     restRate: restRate)
            i &+= 1
        }
    }
}

/// The mutable state of one spring-driven value, kept as the displacement from its target so that it can decay all
/// the way to rest (an absolute position would stop resolving the displacement at one ulp of the target).
public struct SpringState: Sendable, Hashable {
    /// Position − target (position units).
    public var displacement: Double
    /// Current velocity in position units per second.
    public var velocity: Double
    /// Where the spring is pulling.
    public var target: Double

    /// A state at `position` moving at `velocity` toward `target`.
    public init(position: Double, velocity: Double, target: Double) {
        displacement = position - target
        self.velocity = velocity
        self.target = target
    }

    /// Current position: target + displacement.
    public var position: Double { target + displacement }

    /// Moves the target mid-flight, keeping position and velocity: the displacement shifts by old − new target.
    public mutating func retarget(to newTarget: Double) {
        displacement += target - newTarget
        target = newTarget
    }
}

/// Propagators for one spring, built once per distinct frame interval (variable frame rates reuse them).
public struct SpringPropagatorCache: Sendable {
    /// The spring's closed-form coefficients.
    public let solution: SpringSolution
    private var propagators: [UInt64: SpringPropagator] = [:]

    /// An empty cache for `spring`.
    public init(spring: Spring) {
        solution = spring.solution
    }

    /// The propagator for `interval` seconds (> 0), computed on first use.
    public mutating func propagator(for interval: Double) -> SpringPropagator {
        if let cached = propagators[interval.bitPattern] { return cached }
        let propagator = SpringPropagator(solution: solution, interval: interval)
        propagators[interval.bitPattern] = propagator
        return propagator
    }

    /// How many distinct intervals have been built.
    public var count: Int { propagators.count }
}
