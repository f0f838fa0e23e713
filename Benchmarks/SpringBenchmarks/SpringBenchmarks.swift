import Benchmark
import MotionBenchmarkSupport
import MotionCore

/// Shuffled times in [0, 2] s, the same on every run.
let shuffledTimes: [Double] = {
    var generator = SplitMix64(seed: 2027)
    return (0..<4096).map { _ in Double.random(in: 0...2, using: &generator) }
}()

/// One closed-form evaluation per scaled iteration.
func evaluate(_ spring: Spring, _ benchmark: Benchmark) {
    var sum = 0.0
    var index = 0
    for _ in benchmark.scaledIterations {
        sum += spring.progress(at: shuffledTimes[index & 4095])
        index &+= 1
    }
    blackHole(sum)
}

/// Layers in struct-of-arrays form: displacement and rate per layer, advanced by one shared propagator.
final class SpringStateColumns {
    let displacements: UnsafeMutableBufferPointer<Double>
    let rates: UnsafeMutableBufferPointer<Double>

    init(count: Int) {
        displacements = .allocate(capacity: count)
        rates = .allocate(capacity: count)
        var generator = SplitMix64(seed: UInt64(count))
        for index in 0..<count {
            displacements[index] = Double.random(in: -1...1, using: &generator)
            rates[index] = Double.random(in: -5...5, using: &generator)
        }
    }

    deinit {
        displacements.deallocate()
        rates.deallocate()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = MotionBenchmarks.configuration(
        timeUnits: .nanoseconds, scalingFactor: .mega, warmupIterations: 3, maxIterations: 50)

    let regimes: [(String, Spring)] = [
        ("under-damped (ζ 0.5)", try! Spring(mass: 1, stiffness: 100, damping: 10)),
        ("critically damped (ζ 1)", try! Spring(mass: 1, stiffness: 100, damping: 20)),
        ("over-damped (ζ 2)", try! Spring(mass: 1, stiffness: 100, damping: 40)),
    ]
    for (name, spring) in regimes {
        MotionBenchmarks.register("spring/closed form \(name)") { evaluate(spring, $0) }
    }

    let propagator = try! SpringPropagator(spring: try! Spring(mass: 1, stiffness: 170, damping: 26), interval: 1.0 / 120)
    // Each call advances one million layer-frames (10,000 layers × 100 frames, or 1,000,000 layers × 1 frame); with
    // the kilo scaling factor the reported time is per 1,000 layer-frames, i.e. picoseconds per layer per frame.
    for (layers, frames) in [(10_000, 100), (1_000_000, 1)] {
        let store = SpringStateColumns(count: layers)
        MotionBenchmarks.register("spring/propagator \(layers) layers (ns per 1,000 layer-frames)",
                  configuration: .init(scalingFactor: .kilo)) { benchmark in
            for _ in 0..<frames {
                propagator.advance(displacements: store.displacements, rates: store.rates)
            }
            blackHole(store.displacements[0])
        }
        // The same step written as a plain per-layer loop, left to the compiler's vectoriser (the kernel before the
        // explicit SIMD4 one), for comparison in the same run.
        let plain = SpringStateColumns(count: layers)
        MotionBenchmarks.register("spring/propagator \(layers) layers, plain loop (ns per 1,000 layer-frames)",
                  configuration: .init(scalingFactor: .kilo)) { benchmark in
            for _ in 0..<frames {
                advanceLayerByLayer(propagator, plain)
            }
            blackHole(plain.displacements[0])
        }
    }
}

/// Advances every layer of `layers` by `propagator.step`, one layer per iteration.
func advanceLayerByLayer(_ propagator: SpringPropagator, _ layers: SpringStateColumns) {
    let (x, v) = (layers.displacements, layers.rates)
    let (a11, a12, a21, a22, restRate) = (propagator.a11, propagator.a12, propagator.a21, propagator.a22,
                                          propagator.restRate)
    for i in 0..<min(x.count, v.count) {
        (x[i], v[i]) = SpringPropagator.step(displacement: x[i], rate: v[i], a11: a11, a12: a12, a21: a21, a22: a22,
                                             restRate: restRate)
    }
}
