import MotionCore

extension GateWorkload {
    /// `spring-closed-form`: the spring closed form in all three regimes at shuffled times (3,000,000 evaluations).
    package static let springClosedForm = GateWorkload(
        name: "spring-closed-form",
        summary: "the spring closed form, all 3 regimes, 3M evaluations"
    ) { generator in
        let springs = [try Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2),
                       try Spring(mass: 1, stiffness: 100, damping: 20), try Spring(mass: 1, stiffness: 100, damping: 40)]
        let times = (0..<4096).map { _ in Double.random(in: 0...2, using: &generator) }
        return GateWorkload.timed {
            var sum = 0.0
            for spring in springs {
                for index in 0..<1_000_000 { sum += spring.progress(at: times[index & 4095]) }
            }
            return sum
        }
    }
}
