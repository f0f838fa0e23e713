/// Android's `SpringForce(stiffness, dampingRatio)` and Flutter's `SpringDescription.withDampingRatio`.
extension Spring {
    /// Android's stiffness presets (`SpringForce.STIFFNESS_*`).
    public enum AndroidStiffness: Double, Sendable, CaseIterable {
        /// `STIFFNESS_HIGH`.
        case high = 10_000
        /// `STIFFNESS_MEDIUM` (the default).
        case medium = 1_500
        /// `STIFFNESS_LOW`.
        case low = 200
        /// `STIFFNESS_VERY_LOW`.
        case veryLow = 50
    }

    /// Android's damping-ratio presets (`SpringForce.DAMPING_RATIO_*`).
    public enum AndroidDampingRatio: Double, Sendable, CaseIterable {
        /// `DAMPING_RATIO_HIGH_BOUNCY`.
        case highBouncy = 0.2
        /// `DAMPING_RATIO_MEDIUM_BOUNCY` (the default).
        case mediumBouncy = 0.5
        /// `DAMPING_RATIO_LOW_BOUNCY`.
        case lowBouncy = 0.75
        /// `DAMPING_RATIO_NO_BOUNCY`.
        case noBouncy = 1
    }

    /// `SpringForce(stiffness: K, dampingRatio: ζ)`: m = 1, k = K, c = 2ζ√K (defaults: medium stiffness 1500,
    /// medium bouncy 0.5).
    public static func android(stiffness: Double = AndroidStiffness.medium.rawValue,
                               dampingRatio: Double = AndroidDampingRatio.mediumBouncy.rawValue,
                               initialVelocity: Double = 0) throws(InvalidParameterError) -> Spring {
        try requirePositive(stiffness, "stiffness", in: "android-spring")
        try requireNonNegative(dampingRatio, "dampingRatio", in: "android-spring")
        return try Spring(mass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot(),
                          initialVelocity: initialVelocity)
    }

    /// Flutter's `SpringDescription.withDampingRatio(mass:, stiffness:, ratio:)`: c = 2ζ√(mk).
    public static func flutter(mass: Double = 1, stiffness: Double, dampingRatio: Double, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        try requirePositive(mass, "mass", in: "flutter-spring")
        try requirePositive(stiffness, "stiffness", in: "flutter-spring")
        try requireNonNegative(dampingRatio, "dampingRatio", in: "flutter-spring")
        return try Spring(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (mass * stiffness).squareRoot(),
                          initialVelocity: initialVelocity)
    }

    /// Android's stiffness for this spring's motion (k/m, since Android's mass is 1).
    public var androidStiffness: Double { stiffness / mass }
}
