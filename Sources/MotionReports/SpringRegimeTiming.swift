import MotionCore
import RealModule

/// The cost of one spring regime's closed form: MotionCore's `Spring.progress(at:)` beside WebKit's `SpringSolver`
/// formula (the yardstick), both on the same springs and shuffled times, measured side by side in one run
/// (`SolverTiming`).
package struct SpringRegimeCost: Sendable {
    /// The regime: `under-damped`, `critical`, `near-critical-below`, `near-critical-above`, `over-damped`.
    package var regime: String
    /// The damping ratio ζ of the regime's spring (m = 1, k = 100, so ω0 = 10/s).
    package var dampingRatio: Double
    /// MotionCore's median ns per evaluation.
    package var nsPerEval: Double
    /// WebKit's closed form's median ns per evaluation (its critical formula for ζ ≥ 1, as WebKit does).
    package var webKitNsPerEval: Double

    /// The springs timed, one per regime, all with ω0 = 10/s and v0 = 0: ζ = 0.5, 1, 1 ∓ 1e-7, 2.
    package static let regimes: [(name: String, spring: Spring)] = {
        // Cannot fail: every literal is a positive mass, stiffness and damping (Spring's rules), and the tests build it.
        try! [
            ("under-damped", Spring(mass: 1, stiffness: 100, damping: 10)),
            ("critical", Spring(mass: 1, stiffness: 100, damping: 20)),
            ("near-critical-below", Spring(mass: 1, stiffness: 100, damping: 20 * (1 - 1e-7))),
            ("near-critical-above", Spring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-7))),
            ("over-damped", Spring(mass: 1, stiffness: 100, damping: 40)),
        ]
    }()

    /// Every regime's cost at 4,096 shuffled times in (0, `seconds`].
    package static func measure(seconds: Double) -> [SpringRegimeCost] {
        let times = SolverTiming.shuffled(count: 4096, in: 0...max(seconds, 1e-3), seed: 7).map { max($0, 1e-6) }
        let groups: [[@Sendable (Double) -> Double]] = regimes.map { entry in
            let spring = entry.spring
            return [{ spring.progress(at: $0) }, { SpringStrategy.criticalForOverdamped(spring, $0) }]
        }
        let figures = SolverTiming.nanoseconds(groups: groups, inputs: times)
        return zip(regimes, figures).map { entry, ns in
            SpringRegimeCost(regime: entry.name, dampingRatio: entry.spring.dampingRatio, nsPerEval: ns[0],
                             webKitNsPerEval: ns[1])
        }
    }
}
