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

/// 1M layers with their own begin times, durations and autoreverse, each on one of 16 cubic Béziers, grouped by curve:
/// the batch path (`LayerEasing.easeTimes`, the solve over a block) against a loop that calls `CubicBezier.value(at:)`
/// per layer on the same layers and times. Eight frames per iteration, the same eight on both sides.
final class SixteenCurveLayers: @unchecked Sendable {
    let count = 1_000_000
    let columns: LayerColumns
    let timing: LayerTiming
    let curves: [CubicBezier]
    let easings: [LayerEasing]
    /// First layer of each curve's group, plus the end.
    let starts: [Int]
    let output: UnsafeMutablePointer<Double>

    init() {
        var generator = SplitMix64(seed: 16)
        var curves: [CubicBezier] = []
        for _ in 0..<16 {
            curves.append(try! CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: -0.5...1.5, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: -0.5...1.5, using: &generator)))
        }
        self.curves = curves
        easings = curves.map { LayerEasing(.cubicBezier($0)) }
        columns = LayerColumns(columns: LayerTiming.columnCount, count: count)
        timing = LayerTiming(columns, first: 0)
        for i in 0..<count {
            timing.set(i, begin: Double.random(in: 0...1, using: &generator), duration: Double.random(in: 0.2...0.6, using: &generator),
                       repeatCount: 4, autoreverses: Bool.random(using: &generator))
        }
        let total = count
        starts = (0...16).map { $0 * total / 16 }
        output = .allocate(capacity: count)
    }

    /// The frames every iteration evaluates, the same on both sides: eight spread over the two seconds the layers
    /// animate in (a per-iteration frame counter would give the two benchmarks different frames, and so different
    /// shares of layers mid-animation).
    static let times = (0..<8).map { 0.05 + Double($0) * 0.25 }

    func batch() {
        for time in Self.times { batch(at: time) }
    }

    func scalar() {
        for time in Self.times { scalar(at: time) }
    }

    private func batch(at time: Double) {
        for group in 0..<16 {
            var lower = starts[group]
            while lower < starts[group + 1] {
                let upper = min(lower + LayerBlock.size, starts[group + 1])
                easings[group].easeTimes(timing, layers: lower..<upper, time: time, into: output + lower)
                lower = upper
            }
        }
    }

    private func scalar(at time: Double) {
        for group in 0..<16 {
            let curve = curves[group]
            for i in starts[group]..<starts[group + 1] { output[i] = curve.value(at: timing.sample(i, time: time).directed) }
        }
    }
}

let sixteenCurveBenchmarks: @Sendable () -> Void = {
    let layers = SixteenCurveLayers()
    MotionBenchmarks.register("bezier-layers/batch ease, 1M layers, 16 curves (8 frames, 1 thread)") { benchmark in
        for _ in benchmark.scaledIterations { layers.batch() }
        blackHole(layers.output[17])
    }
    MotionBenchmarks.register("bezier-layers/CubicBezier.value per layer, same layers (8 frames, 1 thread)") { benchmark in
        for _ in benchmark.scaledIterations { layers.scalar() }
        blackHole(layers.output[17])
    }
}
