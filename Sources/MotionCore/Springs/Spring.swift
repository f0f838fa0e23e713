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
        for (name, value) in [("mass", mass), ("stiffness", stiffness)] where !(value > 0 && value.isFinite) {
            throw InvalidParameterError(context: context, parameter: name, value: value,
                                        rule: "must be a finite number > 0")
        }
        guard damping >= 0, damping.isFinite else {
            throw InvalidParameterError(context: context, parameter: "damping", value: damping,
                                        rule: "must be a finite number ≥ 0")
        }
        try requireFinite(initialVelocity, "initialVelocity", in: context)
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
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(mk)) (unitless).
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// Decay rate λ = c / (2m) = ζ·ω0, in 1/s.
    public var decayRate: Double { damping / (2 * mass) }

    /// Under-, critically or over-damped, by the exact comparison c² vs 4mk.
    public var regime: Regime {
        let discriminant = damping * damping - 4 * mass * stiffness
        return discriminant < 0 ? .underdamped : (discriminant == 0 ? .critical : .overdamped)
    }

    /// `spring(mass: m, stiffness: k, damping: c, initialVelocity: v)`.
    public var description: String {
        "spring(mass: \(formatSpecNumber(mass)), stiffness: \(formatSpecNumber(stiffness)), "
            + "damping: \(formatSpecNumber(damping)), initialVelocity: \(formatSpecNumber(initialVelocity)))"
    }
}
