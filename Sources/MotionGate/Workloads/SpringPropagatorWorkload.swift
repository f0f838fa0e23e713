import MotionCore

extension GateWorkload {
    /// `spring-propagator-1m`: the exact propagator over 1,000,000 layers in struct-of-arrays form, 80 frames.
    package static let springPropagator1M = GateWorkload(
        name: "spring-propagator-1m",
        summary: "the exact spring propagator, 1M layers, 80 frames"
    ) { generator in
        let propagator = try SpringPropagator(spring: try Spring(mass: 1, stiffness: 170, damping: 26), interval: 1.0 / 120)
        let displacements = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1_000_000)
        let rates = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1_000_000)
        defer {
            displacements.deallocate()
            rates.deallocate()
        }
        for index in 0..<1_000_000 {
            displacements[index] = Double.random(in: -1...1, using: &generator)
            rates[index] = Double.random(in: -5...5, using: &generator)
        }
        return GateWorkload.timed {
            for _ in 0..<80 { propagator.advance(displacements: displacements, rates: rates) }
            return displacements.reduce(0, +) + rates.reduce(0, +)
        }
    }
}
