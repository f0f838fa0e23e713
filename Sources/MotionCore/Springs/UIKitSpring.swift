import RealModule

/// UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
///
/// Apple does not document the mapping. This follows the public reverse-engineering (Framer; motion's `findSpring`):
/// m = 1, and ω0 is chosen so that the envelope reaches 0.001 at t = T,
///
///     under-damped: ((ζ·ω0 − s)/ωd)·e^{−ζ·ω0·T} = 0.001,    critical: e^{−ω0·T}·((ω0 − s)·T + 1) = 0.001,
///
/// then k = ω0², c = 2ζ·ω0, v0 = s. Those tools run a fixed 12 Newton steps from ω0 = 5/T; here the largest root is
/// bracketed (between the envelope's maximum and a point where it is below 0.001) and solved to full precision with
/// `BracketedRoot`. As in those tools, T is clamped to [0.01, 10] s and ζ to [0.05, 1].
extension Spring {
    /// The envelope level the duration refers to.
    public static let uikitEnvelopeThreshold = 0.001

    /// A spring matching UIKit's duration-based API.
    /// - Throws: for a duration that is not a finite positive number, a negative damping ratio, a non-finite
    ///   velocity, or a velocity so large that no spring's envelope falls to 0.001 at T.
    public static func uikit(duration: Double, dampingRatio: Double, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        let context = "uikit-spring"
        try requirePositive(duration, SpringParameter.duration, in: context, unit: " s")
        try requireNonNegative(dampingRatio, SpringParameter.dampingRatio, in: context)
        try requireFinite(initialVelocity, SpringParameter.initialVelocity, in: context)
        let time = min(max(duration, 0.01), 10)
        let ratio = min(max(dampingRatio, 0.05), 1)
        let s = initialVelocity
        let excess = { (omega: Double) in envelope(omega: omega, ratio: ratio, velocity: s, time: time) - uikitEnvelopeThreshold }
        // The envelope is largest at ω* (0 when s ≤ 0) and falls to 0 as ω0 grows, so the largest root lies above ω*.
        let peak: Double
        if s <= 0 {
            peak = 0
        } else if ratio < 1 {
            let a = ratio * ratio * time, b = -ratio * s * time, c = -s
            peak = (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
        } else {
            peak = s
        }
        let lower = max(peak, 1e-9 / time)
        var upper = max(5 / time, 2 * lower)
        var doublings = 0
        while excess(upper) >= 0, doublings < 200 {
            upper *= 2
            doublings += 1
        }
        guard excess(lower) > 0,
              let omega = BracketedRoot.find(in: lower, upper, tolerance: 0, excess)
        else {
            throw InvalidParameterError(
                context: context, parameter: .initialVelocity, value: initialVelocity,
                rule: "is too large: no spring's envelope falls to 0.001 at t = \(formatSpecNumber(time)) s")
        }
        return try Spring(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: s)
    }

    /// The UIKit duration that maps to this spring's motion: the time at which the envelope (as defined above, with
    /// ω0 = √(k/m) and ζ) equals 0.001; `nil` when ζ > 1 or the envelope never reaches 0.001 from above.
    public var uikitDuration: Double? {
        let ratio = dampingRatio, omega = naturalFrequency, s = initialVelocity
        guard ratio <= 1, ratio > 0 else { return nil }
        let excess = { (time: Double) in
            Self.envelope(omega: omega, ratio: ratio, velocity: s, time: time) - Self.uikitEnvelopeThreshold
        }
        if ratio < 1 {
            let amplitude = (ratio * omega - s) / (omega * (1 - ratio * ratio).squareRoot())
            guard amplitude > Self.uikitEnvelopeThreshold else { return nil }
            return Double.log(amplitude / Self.uikitEnvelopeThreshold) / (ratio * omega)
        }
        // Critical: the envelope equals 1 at T = 0 and tends to 0; double T until it is below 0.001, keeping the
        // last point above it as the lower end of the bracket.
        var lower = 0.0, upper = 1 / omega
        var doublings = 0
        while excess(upper) >= 0, doublings < 200 {
            lower = upper
            upper *= 2
            doublings += 1
        }
        guard excess(lower) > 0 else { return nil }
        return BracketedRoot.find(in: lower, upper, excess)
    }

    /// The envelope UIKit's mapping uses (see the type's documentation).
    static func envelope(omega: Double, ratio: Double, velocity s: Double, time: Double) -> Double {
        if ratio < 1 {
            return (ratio * omega - s) / (omega * (1 - ratio * ratio).squareRoot()) * Double.exp(-ratio * omega * time)
        }
        return Double.exp(-omega * time) * ((omega - s) * time + 1)
    }
}

extension SpringFamily {
    /// `uikit-spring(duration: T, dampingRatio: z, initialVelocity: v)`: UIKit's `usingSpringWithDamping`.
    public static let uikit = SpringFamily(
        name: "uikit-spring", origin: "UIKit animate(withDuration:usingSpringWithDamping:initialSpringVelocity:)",
        parameters: [(.duration, nil), (.dampingRatio, nil), (.initialVelocity, 0)], settlingRule: .coreAnimation,
        make: { values throws(InvalidParameterError) in
            try .uikit(duration: values[.duration], dampingRatio: values[.dampingRatio],
                       initialVelocity: values[.initialVelocity])
        },
        invert: { spring in spring.uikitDuration.map { [$0, spring.dampingRatio, spring.initialVelocity] } })
}
