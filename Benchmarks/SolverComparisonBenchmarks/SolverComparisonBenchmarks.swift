import Benchmark
import MotionBenchmarkSupport
import MotionCore
import MotionReports

/// Shuffled inputs in (0, 1), the same on every run and for every strategy.
let shuffledInputs: [Double] = {
    var generator = SplitMix64(seed: 2026)
    return (0..<4096).map { _ in Double.random(in: Double.ulpOfOne...(1 - Double.ulpOfOne), using: &generator) }
}()

/// The ten curves the solvers issue measured against the browsers' code.
let comparisonCurves: [(name: String, curve: CubicBezier)] = [
    ("linear", try! CubicBezier(x1: 0, y1: 0, x2: 1, y2: 1)),
    ("default", CubicBezier.ease), ("easeIn", CubicBezier.easeIn), ("easeOut", CubicBezier.easeOut),
    ("easeInEaseOut", CubicBezier.easeInOut),
    ("(1,0,0,1)", try! CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)),
    ("(0,1,1,0)", try! CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)),
    ("(.99,0,.01,1)", try! CubicBezier(x1: 0.99, y1: 0, x2: 0.01, y2: 1)),
    ("(.5,1,.5,1)", try! CubicBezier(x1: 0.5, y1: 1, x2: 0.5, y2: 1)),
    ("(.1,.9,.2,1)", try! CubicBezier(x1: 0.1, y1: 0.9, x2: 0.2, y2: 1)),
]

/// Every strategy is called the same way: the `@Sendable (Double) -> Double` evaluator its `BezierStrategy` builds
/// (MotionBench's wraps `CubicBezier.value(at:)`), at the same shuffled inputs, 1,000 calls per scaled iteration, so
/// that with the kilo scaling factor the reported nanoseconds are per 1,000 calls (picoseconds per call).
func evaluate(_ evaluator: @Sendable (Double) -> Double, _ benchmark: Benchmark) {
    var index = 0
    var sum = 0.0
    for _ in benchmark.scaledIterations {
        for _ in 0..<1000 {
            sum += evaluator(shuffledInputs[index & 4095])
            index &+= 1
        }
    }
    blackHole(sum)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = MotionBenchmarks.configuration(
        timeUnits: .nanoseconds, scalingFactor: .kilo, warmupIterations: 3, maxIterations: 30)
    let strategies = [BezierStrategy.motionbench, BezierStrategy.chromium, BezierStrategy.webKit(duration: 1)]
    for (name, curve) in comparisonCurves {
        for strategy in strategies {
            let evaluator = strategy.make(curve)
            MotionBenchmarks.register("solver/\(name)/\(strategy.name)") { evaluate(evaluator, $0) }
        }
    }
}
