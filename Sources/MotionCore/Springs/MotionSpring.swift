/// motion's (Framer Motion's) `visualDuration`/`bounce` spring.
extension Spring {
    /// motion `spring({ visualDuration: V, bounce: b })`: k = (2π/(1.2·V))², c = 2·clamp(1 − b, 0.05, 1)·√k, m = 1.
    public static func motion(visualDuration: Double, bounce: Double = 0.25, initialVelocity: Double = 0)
        throws(InvalidParameterError) -> Spring
    {
        try requirePositive(visualDuration, SpringParameter.visualDuration, in: "motion-spring", unit: " s")
        guard bounce >= -1, bounce <= 1 else {
            throw InvalidParameterError(context: "motion-spring", parameter: .bounce, value: bounce,
                                        rule: "is outside [-1, 1]")
        }
        let omega = 2 * Double.pi / (1.2 * visualDuration)
        let ratio = min(max(1 - bounce, 0.05), 1)
        return try Spring(mass: 1, stiffness: omega * omega, damping: 2 * ratio * omega, initialVelocity: initialVelocity)
    }

    /// motion's visual duration of this spring: 2π/(1.2·ω0) seconds.
    public var motionVisualDuration: Double { 2 * Double.pi / (1.2 * naturalFrequency) }
}

extension SpringFamily {
    /// `motion-spring(visualDuration: V, bounce: b, initialVelocity: v)`: motion's (Framer Motion's) spring.
    public static let motion = SpringFamily(
        name: "motion-spring", origin: "motion (Framer Motion) spring({ visualDuration, bounce })",
        parameters: [(.visualDuration, nil), (.bounce, 0.25), (.initialVelocity, 0)], settlingRule: .motion,
        make: { values throws(InvalidParameterError) in
            try .motion(visualDuration: values[.visualDuration], bounce: values[.bounce],
                        initialVelocity: values[.initialVelocity])
        },
        invert: { [$0.motionVisualDuration, 1 - $0.dampingRatio, $0.initialVelocity] })
}
