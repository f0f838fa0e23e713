import Benchmark
import MotionBenchmarkSupport
import MotionCore
import MotionHarness

/// A workload and the next frame to evaluate, kept across the benchmark's samples so that they walk through the whole
/// clock (early frames, when most layers have not begun, cost far less than later ones).
final class FrameCursor: @unchecked Sendable {
    let workload: Workload
    var index = 0

    init(_ workload: Workload) {
        self.workload = workload
    }
}

/// One whole frame of the batch evaluator per iteration, on one thread, cycling through the clock's frames: every
/// layer evaluated from its own parameters at the frame's timestamp.
func frames(_ cursor: FrameCursor, _ benchmark: Benchmark) {
    let workload = cursor.workload
    for _ in benchmark.scaledIterations {
        cursor.index += 1
        if cursor.index > workload.clock.frames {
            workload.store.reset()
            cursor.index = 1
        }
        workload.store.evaluate(workload.clock.frame(cursor.index), layers: 0..<workload.store.count)
    }
    blackHole(workload.store.outputs(layer: 0))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = MotionBenchmarks.configuration(
        timeUnits: .microseconds, warmupIterations: 5, maxIterations: 500)

    let fixed = FrameClock.fixed(rate: 120, frames: 240)
    let vrr = FrameClock.variableRefresh(rate: 120, frames: 240, seed: 1)
    for count in [10_000, 1_000_000] {
        let cursor = FrameCursor(Workload(scenario: try! Scenario.named("mixed"), count: count, clock: fixed))
        MotionBenchmarks.register("frame/mixed \(count) layers (one frame, 1 thread)") { frames(cursor, $0) }
    }
    let variable = FrameCursor(Workload(scenario: try! Scenario.named("mixed"), count: 100_000, clock: vrr))
    MotionBenchmarks.register("frame/mixed 100000 layers, vrr clock (one frame, 1 thread)") { frames(variable, $0) }
    for name in Scenario.builtInNames {
        let cursor = FrameCursor(Workload(scenario: try! Scenario.named(name), count: 100_000, clock: fixed))
        MotionBenchmarks.register("frame/\(name) 100000 layers (one frame, 1 thread)") { frames(cursor, $0) }
    }
    sixteenCurveBenchmarks()
}

/// 1M layers with their own begin times, durations and autoreverse, each on one of 16 cubic Béziers, grouped by curve
/// into 16 `BasicLayers` kernels (0 → 1, so the output is the eased progress): the batch path (the timing, the solve
/// over a block, the output) against the same layers timed by linear kernels whose progress is then eased by
/// `CubicBezier.value(at:)` per layer. Eight frames per iteration, the same eight on both sides.
final class SixteenCurveLayers: @unchecked Sendable {
    let count = 1_000_000
    let curves: [CubicBezier]
    /// One kernel per curve, eased by it.
    let batch: LayerStore
    /// The same layers with linear easing: their output is the directed progress.
    let linear: [BasicLayers]
    let output: UnsafeMutableBufferPointer<Double>

    init() {
        var generator = SplitMix64(seed: 16)
        var curves: [CubicBezier] = []
        for _ in 0..<16 {
            curves.append(try! CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: -0.5...1.5, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: -0.5...1.5, using: &generator)))
        }
        self.curves = curves
        let total = count
        let sizes = (0..<16).map { ($0 + 1) * total / 16 - $0 * total / 16 }
        let eased = curves.indices.map { BasicLayers(count: sizes[$0], components: 1, curves: .shared(.cubicBezier(curves[$0]))) }
        linear = sizes.map { BasicLayers(count: $0, components: 1, curves: .shared(.linear(.identity))) }
        for (group, kernel) in eased.enumerated() {
            for i in 0..<kernel.count {
                let timing = LayerTimingParameters(begin: Double.random(in: 0...1, using: &generator),
                                                   duration: Double.random(in: 0.2...0.6, using: &generator),
                                                   repeatCount: 4, autoreverses: Bool.random(using: &generator))
                for layers in [kernel, linear[group]] {
                    layers.schedule.set(i, timing)
                    layers.set(i, component: 0, from: 0, to: 1)
                }
            }
        }
        batch = LayerStore(kernels: eased)
        output = .allocate(capacity: count)
    }

    /// The frames every iteration evaluates, the same on both sides: eight spread over the two seconds the layers
    /// animate in (a per-iteration frame counter would give the two benchmarks different frames, and so different
    /// shares of layers mid-animation).
    static let times = (0..<8).map { 0.05 + Double($0) * 0.25 }

    func runBatch() {
        for (index, time) in Self.times.enumerated() {
            batch.evaluate(LayerFrame(index: index + 1, time: time, previousTime: time - 0.25), layers: 0..<count)
        }
    }

    func runScalar() {
        for (index, time) in Self.times.enumerated() {
            let frame = LayerFrame(index: index + 1, time: time, previousTime: time - 0.25)
            var position = 0
            for (group, layers) in linear.enumerated() {
                layers.evaluate(frame, layers: 0..<layers.count)
                let curve = curves[group]
                for i in 0..<layers.count { output[position + i] = curve.value(at: layers.output(0, layer: i)) }
                position += layers.count
            }
        }
    }
}

let sixteenCurveBenchmarks: @Sendable () -> Void = {
    let layers = SixteenCurveLayers()
    MotionBenchmarks.register("bezier-layers/batch ease, 1M layers, 16 curves (8 frames, 1 thread)") { benchmark in
        for _ in benchmark.scaledIterations { layers.runBatch() }
        blackHole(layers.batch.outputs(layer: 17))
    }
    MotionBenchmarks.register("bezier-layers/CubicBezier.value per layer, same layers (8 frames, 1 thread)") { benchmark in
        for _ in benchmark.scaledIterations { layers.runScalar() }
        blackHole(layers.output[17])
    }
}
