import RealModule

/// A damped spring animating progress from 0 to 1: m·d'' + c·d' + k·d = 0 for the displacement d = 1 − progress,
/// with d(0) = 1 and d'(0) = −initialVelocity.
///
/// Units: mass in kg-like units, stiffness in N/m-like units, damping in N·s/m-like units, time in seconds, and
/// velocity in progress units per second, positive toward the target (UIKit's `initialSpringVelocity` and Core
/// Animation's `initialVelocity` convention). Only the ratios k/m and c/m affect the motion.
public struct Spring: Sendable, Hashable, CustomStringConvertible {
    /// Which closed form the spring follows.
    public enum Regime: String, Sendable, Hashable {
        /// ζ < 1: oscillates about the target.
        case underdamped
        /// ζ = 1: the fastest return without oscillation.
        case critical = "critically-damped"
        /// ζ > 1: returns without oscillation, more slowly.
        case overdamped
    }

    /// Mass m > 0.
    public let mass: Double
    /// Stiffness k > 0.
    public let stiffness: Double
    /// Damping coefficient c ≥ 0.
    public let damping: Double
    /// Initial velocity in progress units per second, positive toward the target.
    public let initialVelocity: Double
    /// The exact solution's coefficients, computed once.
    public let solution: SpringSolution

    /// Creates a spring from Core Animation's parameters (`CASpringAnimation`: defaults m = 1, k = 100, c = 10, v = 0).
    /// - Throws: `InvalidParameterError` for a mass or stiffness that is not a finite positive number, a negative or
    ///   non-finite damping, or a non-finite velocity.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0)
        throws(InvalidParameterError)
    {
        let context = "spring"
        for (name, value) in [(SpringParameter.mass, mass), (.stiffness, stiffness)] where !(value > 0 && value.isFinite) {
            throw InvalidParameterError(context: context, parameter: name, value: value,
                                        rule: "must be a finite number > 0")
        }
        guard damping >= 0, damping.isFinite else {
            throw InvalidParameterError(context: context, parameter: .damping, value: damping,
                                        rule: "must be a finite number ≥ 0")
        }
        try requireFinite(initialVelocity, SpringParameter.initialVelocity, in: context)
        // The motion depends on ω0 = √(k/m) and λ = c/(2m); both are formed without overflow (√k/√m, (c/2)/m) and
        // must lie where their squares and products are finite, so that every result is too.
        let frequency = stiffness.squareRoot() / mass.squareRoot()
        guard frequency >= Self.rateLimits.lowerBound, frequency <= Self.rateLimits.upperBound else {
            throw InvalidParameterError(
                context: context, parameter: "√(stiffness/mass)", value: frequency,
                rule: "must lie in [1e-150, 1e150] rad/s (mass \(formatSpecNumber(mass)), stiffness "
                    + "\(formatSpecNumber(stiffness))): outside it the spring's time scale is beyond a Double's range")
        }
        let decay = damping / 2 / mass
        guard decay <= Self.rateLimits.upperBound else {
            throw InvalidParameterError(
                context: context, parameter: "damping/(2·mass)", value: decay,
                rule: "must be at most 1e150 per second (damping \(formatSpecNumber(damping)), mass "
                    + "\(formatSpecNumber(mass)))")
        }
        guard abs(initialVelocity) <= Self.rateLimits.upperBound else {
            throw InvalidParameterError(context: context, parameter: .initialVelocity, value: initialVelocity,
                                        rule: "must lie in [-1e150, 1e150] progress units per second")
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        solution = SpringSolution(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// The same spring with another initial velocity (progress units per second).
    public func with(initialVelocity: Double) throws(InvalidParameterError) -> Spring {
        try Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Undamped angular frequency ω0 = √(k/m), in radians per second.
    public var naturalFrequency: Double { solution.naturalFrequencySquared.squareRoot() }

    /// The range of ω0 = √(k/m) in rad/s, and the largest λ = c/(2m) in 1/s and |initialVelocity|, that a spring
    /// may have: squares and products of these stay finite and normal.
    public static let rateLimits: ClosedRange<Double> = 1e-150...1e150

    /// Damping ratio ζ = c / (2√(mk)) (unitless); λ/ω0 when m·k over- or underflows.
    public var dampingRatio: Double {
        let product = mass * stiffness
        guard product.isNormal, product.isFinite else { return decayRate / naturalFrequency }
        return damping / (2 * product.squareRoot())
    }

    /// Decay rate λ = c / (2m) = ζ·ω0, in 1/s.
    public var decayRate: Double { solution.decayRate }

    /// Under-, critically or over-damped, by the comparison c² vs 4mk (λ vs ω0 when those products leave the range
    /// of normal numbers).
    public var regime: Regime {
        let square = damping * damping, product = 4 * mass * stiffness
        let discriminant: Double
        if product.isNormal, product.isFinite, square.isFinite, square == 0 || square.isNormal {
            discriminant = square - product
        } else {
            discriminant = -solution.frequencyDiscriminant
        }
        return discriminant < 0 ? .underdamped : (discriminant == 0 ? .critical : .overdamped)
    }

    /// `spring(mass: m, stiffness: k, damping: c, initialVelocity: v)`.
    public var description: String {
        "spring(mass: \(formatSpecNumber(mass)), stiffness: \(formatSpecNumber(stiffness)), "
            + "damping: \(formatSpecNumber(damping)), initialVelocity: \(formatSpecNumber(initialVelocity)))"
    }
}

extension SpringFamily {
    /// `spring(mass: m, stiffness: k, damping: c, initialVelocity: v)`: Core Animation's `CASpringAnimation`.
    public static let coreAnimation = SpringFamily(
        name: "spring", origin: "Core Animation CASpringAnimation, CSS spring() in WebKit",
        parameters: [(.mass, 1), (.stiffness, 100), (.damping, 10), (.initialVelocity, 0)], settlingRule: .coreAnimation,
        make: { values throws(InvalidParameterError) in
            try Spring(mass: values[.mass], stiffness: values[.stiffness], damping: values[.damping],
                       initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.mass, $0.stiffness, $0.damping, $0.initialVelocity] })
}
