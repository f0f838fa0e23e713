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
        try requirePositive(stiffness, SpringParameter.stiffness, in: "android-spring")
        try requireNonNegative(dampingRatio, SpringParameter.dampingRatio, in: "android-spring")
        return try Spring(mass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot(),
                          initialVelocity: initialVelocity)
    }

    /// Flutter's `SpringDescription.withDampingRatio(mass:, stiffness:, ratio:)`: c = 2ζ√(mk).
    public static func flutter(mass: Double = 1, stiffness: Double, dampingRatio: Double, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        try requirePositive(mass, SpringParameter.mass, in: "flutter-spring")
        try requirePositive(stiffness, SpringParameter.stiffness, in: "flutter-spring")
        try requireNonNegative(dampingRatio, SpringParameter.dampingRatio, in: "flutter-spring")
        return try Spring(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (mass * stiffness).squareRoot(),
                          initialVelocity: initialVelocity)
    }

    /// Android's stiffness for this spring's motion (k/m, since Android's mass is 1).
    public var androidStiffness: Double { stiffness / mass }
}

extension SpringFamily {
    /// `android-spring(stiffness: K, dampingRatio: z, initialVelocity: v)`: AndroidX `SpringForce` (mass 1).
    public static let android = SpringFamily(
        name: "android-spring", origin: "AndroidX SpringForce",
        parameters: [(.stiffness, AndroidStiffnessDefault.medium), (.dampingRatio, AndroidStiffnessDefault.mediumBouncy),
                     (.initialVelocity, 0)],
        settlingRule: .android,
        make: { values throws(InvalidParameterError) in
            try .android(stiffness: values[.stiffness], dampingRatio: values[.dampingRatio],
                         initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.androidStiffness, $0.dampingRatio, $0.initialVelocity] })

    /// `flutter-spring(mass: m, stiffness: k, dampingRatio: z, initialVelocity: v)`: Flutter's
    /// `SpringDescription.withDampingRatio`.
    public static let flutter = SpringFamily(
        name: "flutter-spring", origin: "Flutter SpringDescription.withDampingRatio",
        parameters: [(.mass, 1), (.stiffness, nil), (.dampingRatio, nil), (.initialVelocity, 0)], settlingRule: .flutter,
        make: { values throws(InvalidParameterError) in
            try .flutter(mass: values[.mass], stiffness: values[.stiffness], dampingRatio: values[.dampingRatio],
                         initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.mass, $0.stiffness, $0.dampingRatio, $0.initialVelocity] })
}

/// AndroidX's default stiffness and damping ratio, as the registry's defaults.
private enum AndroidStiffnessDefault {
    static let medium = Spring.AndroidStiffness.medium.rawValue
    static let mediumBouncy = Spring.AndroidDampingRatio.mediumBouncy.rawValue
}
