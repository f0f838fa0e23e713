/// Origami / rebound / React Native `tension`/`friction`, and React Native / rebound `bounciness`/`speed`.
extension Spring {
    /// Origami tension and friction → stiffness and damping (m = 1): k = (T − 30)·3.62 + 194, c = (F − 8)·3 + 25
    /// (rebound's `OrigamiValueConverter`; defaults 40 and 7 give k = 230.2, c = 22).
    public static func origami(tension: Double = 40, friction: Double = 7, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        try requireFinite(tension, SpringParameter.tension, in: "origami-spring")
        try requireFinite(friction, SpringParameter.friction, in: "origami-spring")
        let stiffness = (tension - 30) * 3.62 + 194
        let damping = (friction - 8) * 3 + 25
        guard stiffness > 0 else {
            throw InvalidParameterError(context: "origami-spring", parameter: .tension, value: tension,
                                        rule: "must be > \(formatSpecNumber(30 - 194 / 3.62)) (stiffness > 0)")
        }
        guard damping >= 0 else {
            throw InvalidParameterError(context: "origami-spring", parameter: .friction, value: friction,
                                        rule: "must be ≥ \(formatSpecNumber(8 - 25.0 / 3)) (damping ≥ 0)")
        }
        return try Spring(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Origami tension of this spring's motion (inverse of `origami(tension:friction:)`, using k/m).
    public var origamiTension: Double { (stiffness / mass - 194) / 3.62 + 30 }

    /// Origami friction of this spring's motion (inverse of `origami(tension:friction:)`, using c/m).
    public var origamiFriction: Double { (damping / mass - 25) / 3 + 8 }

    /// React Native / rebound `bounciness` B and `speed` S (defaults 8 and 12): b = 0.8·(B/1.7)/20,
    /// s = (S/1.7)/20, tension_o = 0.5 + 199.5·s, friction_o = f + (2b − b²)·(0.01 − f) with f = b3(tension_o),
    /// then the Origami conversion (rebound's `BouncyConversion`).
    public static func reactNative(bounciness: Double = 8, speed: Double = 12, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        try requireFinite(bounciness, SpringParameter.bounciness, in: "rn-spring")
        try requireFinite(speed, SpringParameter.speed, in: "rn-spring")
        let b = 0.8 * (bounciness / 1.7) / 20, s = (speed / 1.7) / 20
        guard b >= 0, b <= 1 else {
            throw InvalidParameterError(context: "rn-spring", parameter: .bounciness, value: bounciness,
                                        rule: "is outside [0, 42.5]")
        }
        let tension = 0.5 + 199.5 * s
        let f = bouncyFriction(tension)
        let friction = f + (2 * b - b * b) * (0.01 - f)
        return try origami(tension: tension, friction: friction, initialVelocity: initialVelocity)
    }

    /// React Native bounciness of this spring's motion (inverse of `reactNative(bounciness:speed:)`).
    public var reactNativeBounciness: Double {
        let f = Self.bouncyFriction(origamiTension)
        let q = (f - origamiFriction) / (f - 0.01)
        let b = 1 - max(0, 1 - q).squareRoot()
        return b * 20 * 1.7 / 0.8
    }

    /// React Native speed of this spring's motion (inverse of `reactNative(bounciness:speed:)`).
    public var reactNativeSpeed: Double { (origamiTension - 0.5) / 199.5 * 20 * 1.7 }

    /// rebound's piecewise cubic friction b3(x) for a bouncy-conversion tension.
    static func bouncyFriction(_ x: Double) -> Double {
        if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
        return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
    }
}

extension SpringFamily {
    /// `origami-spring(tension: T, friction: F, initialVelocity: v)`: Origami / rebound / React Native tension and
    /// friction.
    public static let origami = SpringFamily(
        name: "origami-spring", origin: "Origami, rebound, React Native tension/friction",
        parameters: [(.tension, 40), (.friction, 7), (.initialVelocity, 0)], settlingRule: .rebound,
        make: { values throws(InvalidParameterError) in
            try .origami(tension: values[.tension], friction: values[.friction], initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.origamiTension, $0.origamiFriction, $0.initialVelocity] })

    /// `rn-spring(bounciness: B, speed: S, initialVelocity: v)`: React Native / rebound bounciness and speed.
    public static let reactNative = SpringFamily(
        name: "rn-spring", origin: "React Native Animated.spring, rebound bounciness/speed",
        parameters: [(.bounciness, 8), (.speed, 12), (.initialVelocity, 0)], settlingRule: .reactNative,
        make: { values throws(InvalidParameterError) in
            try .reactNative(bounciness: values[.bounciness], speed: values[.speed],
                             initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.reactNativeBounciness, $0.reactNativeSpeed, $0.initialVelocity] })
}
