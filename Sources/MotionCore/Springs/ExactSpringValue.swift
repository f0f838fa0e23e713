/// The correctly rounded progress and velocity of a `Spring`: the double nearest the exact motion for the spring's double
/// mass, stiffness, damping and initial velocity and the double time, ties to even. Slow (tens of microseconds to
/// milliseconds: interval arithmetic in MPFR, the precision doubled until both ends of the enclosure round to one
/// double, from 128 bits up to 2^14), and used where MotionBench prints an exact spring figure (`eval`, the accuracy
/// report's measured samples); the closed form `Spring.progress(at:)` keeps its speed and its ~1e-15 bound.
///
/// With d = 1 − progress, d(0) = 1, d′(0) = r = −initialVelocity, λ = c/(2m), ω0² = k/m and the discriminant
/// 4mk − c² (exact in integers of doubles, so the regime is decided exactly):
/// - 4mk > c²: ω = √(4mk − c²)/(2m), C = cos ωt, S = sin(ωt)/ω;
/// - 4mk = c²: C = 1, S = t;
/// - 4mk < c²: γ = √(c² − 4mk)/(2m), C = (e^{γt} + e^{−γt})/2, S = (e^{γt} − e^{−γt})/(2γ), formed as
///   e^{(γ−λ)t}·(1 ± e^{−2γt})/2 so that nothing overflows, with γ − λ = −(k/m)/(γ + λ) (no cancellation);
/// then d = e^{−λt}·(C + (r + λ)·S) and d′ = e^{−λt}·(C·r − S·(λr + ω0²)). Progress is 1 − d, formed from the interval
/// itself (so that next to t = 0, where it is tiny, it keeps its digits), and velocity −d′.
enum ExactSpringValue {
    typealias Interval = MultiPrecisionInterval
    /// The first and the largest working precision in bits.
    static let initialPrecision = 128, maximumPrecision = 1 << 14

    /// The correctly rounded progress at `time` seconds (0 for time ≤ 0).
    static func progress(_ spring: Spring, at time: Double) -> Double {
        guard time > 0 else { return 0 }
        return evaluate(spring, at: time, velocity: false)
    }

    /// The correctly rounded velocity, progress units per second, at `time` (0 before 0, the initial velocity at 0).
    static func velocity(_ spring: Spring, at time: Double) -> Double {
        guard time >= 0 else { return 0 }
        if time == 0 { return spring.initialVelocity }
        return evaluate(spring, at: time, velocity: true)
    }

    /// Progress (or velocity) by Ziv's strategy over interval enclosures.
    static func evaluate(_ spring: Spring, at time: Double, velocity: Bool) -> Double {
        var precision = initialPrecision
        while true {
            let enclosure = motion(spring, at: time, precision: precision, velocity: velocity)
            if let enclosure, let answer = enclosure.nearestDouble, !answer.isNaN { return answer }
            if precision >= maximumPrecision {
                // Within 2^-16384 of a midpoint: the lower end's nearest double.
                let closedForm = velocity ? spring.velocity(at: time) : spring.progress(at: time)
                guard let low = enclosure?.low.nearestDouble, !low.isNaN else { return closedForm }
                return low
            }
            precision *= 2
        }
    }

    /// An enclosure of progress (or velocity) at `precision` bits; nil where an interval division or root could not be
    /// formed at this precision.
    static func motion(_ spring: Spring, at time: Double, precision: Int, velocity: Bool) -> Interval? {
        typealias Number = MultiPrecisionFloat
        func point(_ value: Double) -> Interval { Interval(value, precision: precision) }
        let (m, k, c) = (Number(spring.mass), Number(spring.stiffness), Number(spring.damping))
        // 4mk − c², exactly.
        let discriminant = Number.exactDifference(Number.exactScaled(Number.exactProduct(m, k), 2), Number.exactProduct(c, c))
        let twoMass = Interval(exactly: Number.exactScaled(m, 1), precision: precision)
        let t = point(time), rate = point(-spring.initialVelocity)
        let (sum, difference, product, quotient) = (Interval.sum, Interval.difference, Interval.product, Interval.quotient)
        guard let lambda = quotient(point(spring.damping), twoMass) else { return nil }
        // e^{−λt}·C = F·C′ and e^{−λt}·S = F·S′ with F ≥ 0 the only factor that may underflow MPFR's exponent range
        // (F is then [0, tiny]): the bracketed factors are formed first, so that their sign survives. Over-damped,
        // F = e^{(γ−λ)t} (γ < λ) and q = e^{−2γt}: C′ = (1 + q)/2, S′ = (1 − q)/(2γ), nothing overflows.
        let factor: Interval, cosine: Interval, sine: Interval
        switch discriminant.sign {
        case 0:
            (factor, cosine, sine) = (Interval.negation(product(lambda, t)).exp, point(1), t)
        case 1:
            guard let root = Interval(exactly: discriminant, precision: precision).squareRoot,
                  let frequency = quotient(root, twoMass) else { return nil }
            let phase = product(frequency, t)
            guard let ratio = quotient(phase.sine, frequency) else { return nil }
            (factor, cosine, sine) = (Interval.negation(product(lambda, t)).exp, phase.cosine, ratio)
        default:
            guard let root = Interval(exactly: Number.exactDifference(Number(0.0), discriminant), precision: precision)
                .squareRoot, let growth = quotient(root, twoMass) else { return nil }
            let ratio = Interval.negation(product(product(point(2), growth), t)).exp
            let half = point(0.5)
            guard let sineFactor = quotient(product(difference(point(1), ratio), half), growth) else { return nil }
            // γ − λ = −(k/m)/(γ + λ), since γ² − λ² = −k/m exactly: no cancellation where γ is close to λ.
            guard let stiffnessRatio = quotient(point(spring.stiffness), Interval(exactly: m, precision: precision)),
                  let slowRate = quotient(stiffnessRatio, sum(growth, lambda)) else { return nil }
            (factor, cosine, sine) = (Interval.negation(product(slowRate, t)).exp, product(sum(point(1), ratio), half),
                                      sineFactor)
        }
        if velocity {
            guard let stiffnessRatio = quotient(point(spring.stiffness), Interval(exactly: m, precision: precision)) else {
                return nil
            }
            // −d′ = −F·(C′·r − S′·(λr + ω0²)).
            let bracket = difference(product(cosine, rate), product(sine, sum(product(lambda, rate), stiffnessRatio)))
            return Interval.negation(product(factor, bracket))
        }
        // 1 − F·(C′ + (r + λ)·S′).
        return difference(point(1), product(factor, sum(cosine, product(sum(rate, lambda), sine))))
    }
}

extension Spring {
    /// The correctly rounded progress at `time` seconds: the double nearest the exact motion for the spring's double
    /// parameters and the double time (`ExactSpringValue`; slow: for printed figures and references, not frames).
    public func exactProgress(at time: Double) -> Double { ExactSpringValue.progress(self, at: time) }

    /// The correctly rounded velocity at `time` seconds, in progress units per second (`ExactSpringValue`; slow).
    public func exactVelocity(at time: Double) -> Double { ExactSpringValue.velocity(self, at: time) }
}
