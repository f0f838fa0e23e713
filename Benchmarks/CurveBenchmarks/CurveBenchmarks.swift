import Benchmark
import MotionBenchmarkSupport
import MotionCore

/// Shuffled inputs in (0, 1), the same on every run, so that the branch predictor cannot learn the sequence.
let shuffledInputs: [Double] = {
    var generator = SplitMix64(seed: 2026)
    return (0..<4096).map { _ in Double.random(in: Double.ulpOfOne...(1 - Double.ulpOfOne), using: &generator) }
}()

/// The hard curves of the foundation issue: vertical tangents and steep middles.
let hardCurves: [(name: String, curve: CubicBezier)] = [
    ("(1,0,0,1)", try! CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)),
    ("(0,1,1,0)", try! CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)),
    ("(0.99,0,0.01,1)", try! CubicBezier(x1: 0.99, y1: 0, x2: 0.01, y2: 1)),
    ("(0.001,0,0.999,1)", try! CubicBezier(x1: 0.001, y1: 0, x2: 0.999, y2: 1)),
]

/// Evaluates `curve` at the shuffled inputs, one evaluation per scaled iteration.
func evaluate(_ curve: CubicBezier, _ benchmark: Benchmark) {
    var index = 0
    var sum = 0.0
    for _ in benchmark.scaledIterations {
        sum += curve.value(at: shuffledInputs[index & 4095])
        index &+= 1
    }
    blackHole(sum)
}

/// Evaluates `curves` round-robin at the shuffled inputs (the many-curves case: includes picking the curve).
func evaluateRoundRobin(_ curves: [CubicBezier], _ benchmark: Benchmark) {
    var index = 0
    var sum = 0.0
    for _ in benchmark.scaledIterations {
        sum += curves[index % curves.count].value(at: shuffledInputs[index & 4095])
        index &+= 1
    }
    blackHole(sum)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = MotionBenchmarks.configuration(
        timeUnits: .nanoseconds, scalingFactor: .mega, warmupIterations: 3, maxIterations: 50)

    MotionBenchmarks.register("bezier/apple-presets (5, round-robin)") { evaluateRoundRobin(CubicBezier.applePresets.map(\.curve), $0) }
    for (name, curve) in CubicBezier.applePresets {
        MotionBenchmarks.register("bezier/preset \(name)") { evaluate(curve, $0) }
    }
    MotionBenchmarks.register("bezier/hard (4, round-robin)") { evaluateRoundRobin(hardCurves.map(\.curve), $0) }
    for (name, curve) in hardCurves {
        MotionBenchmarks.register("bezier/hard \(name)") { evaluate(curve, $0) }
    }
    // Curves built for few evaluations (no tables): construction and evaluation on the same inputs, for the solvers
    // issue's construction target (≤ 200 ns, 0 mallocs).
    MotionBenchmarks.register("bezier-few/construction (ease)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1, evaluations: .few))
        }
    }
    for (name, curve) in CubicBezier.applePresets.prefix(4) + hardCurves.prefix(2) {
        let few = try! CubicBezier(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2, evaluations: .few)
        MotionBenchmarks.register("bezier-few/\(name)") { evaluate(few, $0) }
    }
    // ~4 µs each: a thousand per iteration keeps an iteration near 4 ms, so the 2 s budget gives dozens of samples.
    MotionBenchmarks.register("bezier/construction (ease)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        }
    }
}
