import MotionCore
import MotionHarness

/// The measured loops several workloads share, each with its set-up outside the measured region.
enum WorkloadLoops {
    /// The default Bézier solver over 4,096 shuffled inputs in [0, 1], `perCurve` evaluations per curve.
    static func bezier(_ curves: [CubicBezier], perCurve: Int, _ generator: inout SplitMix64) -> GateWorkload.Run {
        let inputs = (0..<4096).map { _ in Double.random(in: 0...1, using: &generator) }
        return GateWorkload.timed {
            var sum = 0.0
            for curve in curves {
                for index in 0..<perCurve { sum += curve.value(at: inputs[index & 4095]) }
            }
            return sum
        }
    }

    /// The batch evaluator on the built-in scenario `scenario`: `layers` layers, `frames` frames at 120 Hz.
    /// - Throws: `ScenarioError` when the built-in scenario does not read.
    static func frames(scenario: String, layers: Int, frames: Int) throws -> GateWorkload.Run {
        let clock = FrameClock.fixed(rate: 120, frames: frames)
        let store = Workload(scenario: try Scenario.named(scenario), count: layers, clock: clock).store
        return GateWorkload.timed {
            for index in 1...frames { store.evaluate(clock.frame(index), layers: 0..<store.count) }
            return store.checksum()
        }
    }
}
