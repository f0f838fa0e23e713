/// SwiftUI's spring parameterizations: `response`/`dampingFraction` (also react-spring's frequency/damping) and
/// `duration`/`bounce` (also UIKit's and Flutter's iOS 17-style springs).
extension Spring {
    /// `Spring(response: R, dampingRatio: ζ)`: k = (2π/R)²·m, c = 4π·ζ·m/R, with m = 1 unless given.
    /// - Throws: for a response that is not a finite positive number of seconds or a negative damping ratio.
    public static func swiftUI(response: Double, dampingRatio: Double, mass: Double = 1, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        try requirePositive(response, SpringParameter.response, in: "spring", unit: " s")
        try requireNonNegative(dampingRatio, SpringParameter.dampingRatio, in: "spring")
        let omega = 2 * Double.pi / response
        return try Spring(mass: mass, stiffness: omega * omega * mass, damping: 4 * Double.pi * dampingRatio * mass / response,
                          initialVelocity: initialVelocity)
    }

    /// `Spring(duration: T, bounce: b)`: m = 1, k = (2π/T)², ζ = 1 − b for b ≥ 0 and 1/(1 + b) for b < 0,
    /// c = 2ζ√(mk).
    /// - Throws: for a duration that is not a finite positive number of seconds or a bounce outside [−1, 1].
    public static func swiftUI(duration: Double, bounce: Double, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        try requirePositive(duration, SpringParameter.duration, in: "spring", unit: " s")
        guard bounce >= -1, bounce <= 1 else {
            throw InvalidParameterError(context: "spring", parameter: .bounce, value: bounce, rule: "is outside [-1, 1]")
        }
        guard bounce > -1 else {
            throw InvalidParameterError(context: "spring", parameter: .bounce, value: bounce,
                                        rule: "gives an infinite damping ratio; use a value in (-1, 1]")
        }
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        let omega = 2 * Double.pi / duration
        return try Spring(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: initialVelocity)
    }

    /// SwiftUI's response, 2π·√(m/k) in seconds (the period of the undamped spring).
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's perceptual duration, 2π·√(m/k) in seconds (equal to `response`).
    public var perceptualDuration: Double { response }

    /// SwiftUI's bounce: 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (unitless, in (−1, 1]).
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }
}

extension SpringFamily {
    /// `spring(response: R, dampingRatio: z, initialVelocity: v)`: SwiftUI's response and damping fraction.
    public static let swiftUIResponse = SpringFamily(
        name: "spring", key: "spring-response", origin: "SwiftUI Spring(response:dampingRatio:), react-spring",
        parameters: [(.response, nil), (.dampingRatio, 1), (.initialVelocity, 0)], settlingRule: .swiftUI,
        make: { values throws(InvalidParameterError) in
            try .swiftUI(response: values[.response], dampingRatio: values[.dampingRatio],
                         initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.response, $0.dampingRatio, $0.initialVelocity] })

    /// `spring(duration: T, bounce: b, initialVelocity: v)`: SwiftUI's (and UIKit's, iOS 17) duration and bounce.
    public static let swiftUIDuration = SpringFamily(
        name: "spring", key: "spring-duration", origin: "SwiftUI Spring(duration:bounce:), UIKit (iOS 17)",
        parameters: [(.duration, nil), (.bounce, 0), (.initialVelocity, 0)], settlingRule: .swiftUI,
        make: { values throws(InvalidParameterError) in
            try .swiftUI(duration: values[.duration], bounce: values[.bounce], initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.perceptualDuration, $0.bounce, $0.initialVelocity] })
}
