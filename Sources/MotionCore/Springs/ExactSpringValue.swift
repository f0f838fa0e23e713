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
            let enclosure = motion(spring, at: MultiPrecisionFloat(time), precision: precision,
                                   quantity: velocity ? .velocity : .progress)
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

    /// What `motion` encloses.
    enum Quantity {
        /// Progress, 1 − d.
        case progress
        /// Velocity, −d′, progress units per second.
        case velocity
        /// The displacement from the target, d = 1 − progress (formed directly: no cancellation where it is small).
        case displacement
    }

    /// The sign of |d| − ε at the exact time `time` ≥ 0 (d = 1 − progress): 1 where the spring is ε or more away, −1
    /// where it is closer, decided on interval enclosures from 128 bits up to 1,024; 0 where even that cannot tell
    /// (|d| within about 2^-1000 of ε). For the settling time, whose definition is this comparison.
    static func displacement(_ spring: Spring, at time: MultiPrecisionFloat, against epsilon: Double) -> Int {
        let bound = MultiPrecisionFloat(epsilon)
        var precision = initialPrecision
        while precision <= 1024 {
            if let d = motion(spring, at: time, precision: precision, quantity: .displacement) {
                // |d| enclosed: [low, high] when d ≥ 0, [−high, −low] when d ≤ 0, else [0, max(−low, high)].
                let negatedLow = MultiPrecisionFloat.exactDifference(MultiPrecisionFloat(0.0), d.low)
                let negatedHigh = MultiPrecisionFloat.exactDifference(MultiPrecisionFloat(0.0), d.high)
                let (smallest, largest): (MultiPrecisionFloat?, MultiPrecisionFloat) =
                    d.low.sign >= 0 ? (d.low, d.high)
                    : d.high.sign <= 0 ? (negatedHigh, negatedLow)
                    : (nil, negatedLow.compare(d.high) > 0 ? negatedLow : d.high)
                if let smallest, smallest.compare(bound) > 0 { return 1 }
                if largest.compare(bound) < 0 { return -1 }
            }
            precision *= 2
        }
        return 0
    }

    /// An enclosure of `quantity` at the exact time `time` and `precision` bits; nil where an interval division or root
    /// could not be formed at this precision.
    static func motion(_ spring: Spring, at time: MultiPrecisionFloat, precision: Int, quantity: Quantity) -> Interval? {
        typealias Number = MultiPrecisionFloat
        func point(_ value: Double) -> Interval { Interval(value, precision: precision) }
        let (m, k, c) = (Number(spring.mass), Number(spring.stiffness), Number(spring.damping))
        // 4mk − c², exactly.
        let discriminant = Number.exactDifference(Number.exactScaled(Number.exactProduct(m, k), 2), Number.exactProduct(c, c))
        let twoMass = Interval(exactly: Number.exactScaled(m, 1), precision: precision)
        let t = Interval(exactly: time, precision: precision), rate = point(-spring.initialVelocity)
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
        if quantity == .velocity {
            guard let stiffnessRatio = quotient(point(spring.stiffness), Interval(exactly: m, precision: precision)) else {
                return nil
            }
            // −d′ = −F·(C′·r − S′·(λr + ω0²)).
            let bracket = difference(product(cosine, rate), product(sine, sum(product(lambda, rate), stiffnessRatio)))
            return Interval.negation(product(factor, bracket))
        }
        // d = F·(C′ + (r + λ)·S′), and progress 1 − d.
        let displacement = product(factor, sum(cosine, product(sum(rate, lambda), sine)))
        return quantity == .displacement ? displacement : difference(point(1), displacement)
    }
}

extension Spring {
    /// The correctly rounded progress at `time` seconds: the double nearest the exact motion for the spring's double
    /// parameters and the double time (`ExactSpringValue`; slow: for printed figures and references, not frames).
    public func exactProgress(at time: Double) -> Double { ExactSpringValue.progress(self, at: time) }

    /// The correctly rounded velocity at `time` seconds, in progress units per second (`ExactSpringValue`; slow).
    public func exactVelocity(at time: Double) -> Double { ExactSpringValue.velocity(self, at: time) }
}
