import RealModule

/// The exact motion of a damped spring, x'' + 2λx' + ω0²x = 0, in every regime from one formula:
///
///     x(t)  = E_C(t)·x0 + E_S(t)·(x0' + λ·x0)
///     x'(t) = E_C(t)·x0' − E_S(t)·(λ·x0' + ω0²·x0)
///
/// with E_C = e^{−λt}·C(t), E_S = e^{−λt}·S(t), and, for q = ω0² − λ², C = cos(√q·t), S = sin(√q·t)/√q when q > 0,
/// the hyperbolic versions when q < 0, and C = 1, S = t when q = 0.
///
/// ## Accuracy
/// Near ζ = 1 (|q|·t² ≤ 1/4) C and S come from their Taylor series in z = q·t², which has no cancellation and is the
/// same on both sides of the boundary, so one formula is accurate to a few ulp across ζ = 1. For over-damped
/// springs with √(−q)·t > 1 the terms are formed from e^{r+·t} and e^{r−·t} with r+ = −ω0²/(λ + √(−q)) (no
/// cancellation), so nothing overflows for large t. Elsewhere each term is one libm-accurate exp, or the sine and
/// cosine of one phase from the C library's sincos.
public struct SpringSolution: Sendable, Hashable {
    /// λ = c/(2m), 1/s.
    public let decayRate: Double
    /// ω0² = k/m, 1/s².
    public let naturalFrequencySquared: Double
    /// q = ω0² − λ² (signed), 1/s².
    public let frequencyDiscriminant: Double
    /// √|q|, 1/s: the damped frequency (under-damped) or the spread of the two rates (over-damped); kept so that an
    /// evaluation pays no square root.
    @usableFromInline let rootDiscriminant: Double
    /// 1/√|q| in seconds (0 when q = 0), so that an evaluation pays no division for S.
    @usableFromInline let inverseRootDiscriminant: Double
    /// −r+ = ω0²/(λ + √(−q)), 1/s, the slower over-damped rate formed without cancellation (0 unless q < 0).
    @usableFromInline let slowRate: Double

    /// The solution for `spring`'s coefficients.
    public init(_ spring: Spring) {
        self.init(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
    }

    /// The solution for mass m, stiffness k and damping c (validated by `Spring`).
    init(mass: Double, stiffness: Double, damping: Double) {
        // Spring's limits keep ω0 in [1e-150, 1e150] and λ ≤ 1e150, so k/m, λ² and q are finite and normal.
        let lambda = damping / 2 / mass
        let omegaSquared = stiffness / mass
        // (ω0 − λ)(ω0 + λ) avoids cancelling λ² against ω0² when ζ is close to 1.
        let omega = omegaSquared.squareRoot()
        self.init(decayRate: lambda, naturalFrequencySquared: omegaSquared,
                  frequencyDiscriminant: (omega - lambda) * (omega + lambda))
    }

    /// A solution from its coefficients λ, ω0² and q = ω0² − λ² (as stored by a batch of spring layers).
    init(decayRate: Double, naturalFrequencySquared: Double, frequencyDiscriminant q: Double) {
        self.decayRate = decayRate
        self.naturalFrequencySquared = naturalFrequencySquared
        frequencyDiscriminant = q
        rootDiscriminant = abs(q).squareRoot()
        inverseRootDiscriminant = q == 0 ? 0 : 1 / rootDiscriminant
        slowRate = q < 0 ? naturalFrequencySquared / (decayRate + rootDiscriminant) : 0
    }

    /// E_C(t) = e^{−λt}·C(t) and E_S(t) = e^{−λt}·S(t) (the second in seconds). Always inlined, so that a caller in
    /// another module (an animation engine's frame loop) pays no call and no copy of the solution in the common
    /// regimes: critical damping (one exp), an under-damped phase past the series range (one exp and one sincos) and
    /// an over-damped spread past it (two exps). The series range near ζ = 1 and an overflowing phase take one call.
    @inlinable @inline(__always)
    public func propagatorTerms(at t: Double) -> (cosine: Double, sine: Double) {
        let q = frequencyDiscriminant
        if q == 0 {
            // Critical damping first, with nothing before its one exp.
            let decay = Double.exp(-decayRate * t)
            return (decay, decay * t)
        }
        // √|q|·t > 1/2 is the complement of the series range |q|·t² ≤ 1/4 up to rounding, where both forms are
        // accurate. A NaN or infinite phase fails the test and goes to the uncommon path.
        let phase = rootDiscriminant * t
        guard phase > 0.5 && phase < .infinity else { return uncommonTerms(at: t) }
        if q > 0 {
            let decay = Double.exp(-decayRate * t)
            let (sine, cosine) = sineAndCosine(phase)
            return (decay * cosine, decay * sine * inverseRootDiscriminant)
        }
        let slow = Double.exp(-slowRate * t)  // e^{r+·t}
        let ratio = Double.exp(-2 * phase)  // e^{(r− − r+)·t} < e^{−1}
        return (0.5 * slow * (1 + ratio), 0.5 * slow * (1 - ratio) * inverseRootDiscriminant)
    }

    /// `propagatorTerms(at:)` for |q|·t² ≤ 1/4 (near ζ = 1, or early), for an under-damped phase that overflows, and
    /// for negative or NaN times.
    @usableFromInline
    func uncommonTerms(at t: Double) -> (cosine: Double, sine: Double) {
        let q = frequencyDiscriminant, lambda = decayRate
        let z = q * t * t
        if abs(z) <= 0.25 {
            // Both series are exactly 1 at z = 0 (t = 0, or q·t² below the smallest Double).
            let decay = Double.exp(-lambda * t)
            let series = cosineAndSineOfRoot(z)
            return (decay * series.cosine, decay * series.sineOverRoot * t)
        }
        if q > 0 {
            let frequency = rootDiscriminant
            let decay = Double.exp(-lambda * t)
            var phase = frequency * t
            if !phase.isFinite {
                // ωd·t overflows only where t is many orders of magnitude beyond the period, so far that a Double's
                // spacing near t exceeds the period: the phase is reduced modulo the period first, which keeps the
                // answer bounded (and is 0 in any case once the motion has decayed).
                phase = t.truncatingRemainder(dividingBy: 2 * Double.pi / frequency) * frequency
            }
            let (sine, cosine) = sineAndCosine(phase)
            return (decay * cosine, decay * sine * inverseRootDiscriminant)
        }
        let slow = Double.exp(-slowRate * t)  // e^{r+·t}
        let ratio = Double.exp(-2 * rootDiscriminant * t)  // e^{(r− − r+)·t} ≤ e^{−1}
        return (0.5 * slow * (1 + ratio), 0.5 * slow * (1 - ratio) * inverseRootDiscriminant)
    }

    /// Displacement and its rate at time `t` from displacement `x0` and rate `rate0` at time 0.
    @inlinable
    public func state(at t: Double, displacement x0: Double, rate rate0: Double) -> (displacement: Double, rate: Double) {
        let (ec, es) = propagatorTerms(at: t)
        let lambda = decayRate
        return (ec * x0 + es * (rate0 + lambda * x0), ec * rate0 - es * (lambda * rate0 + naturalFrequencySquared * x0))
    }
}

extension Spring {
    /// Progress at `time` seconds: 0 at the start, 1 at the target; 0 for negative times.
    @inlinable
    public func progress(at time: Double) -> Double {
        guard time > 0 else { return 0 }
        return 1 - solution.state(at: time, displacement: 1, rate: -initialVelocity).displacement
    }

    /// Progress velocity at `time` seconds, in progress units per second (positive toward the target); 0 for negative
    /// times, `initialVelocity` at 0.
    @inlinable
    public func velocity(at time: Double) -> Double {
        guard time >= 0 else { return 0 }
        if time == 0 { return initialVelocity }
        return -solution.state(at: time, displacement: 1, rate: -initialVelocity).rate
    }
}
