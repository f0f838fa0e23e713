import Benchmark
import MotionCore
import MotionHarness

/// One whole frame of the batch evaluator per iteration, on one thread, cycling through a 240-frame run.
func frames(_ workload: Workload, _ benchmark: Benchmark) {
    var frame = 0
    for _ in benchmark.scaledIterations {
        frame += 1
        if frame > workload.frames {
            workload.store.reset()
            frame = 1
        }
        workload.store.evaluate(frame: frame, layers: 0..<workload.store.count)
    }
    blackHole(workload.store.firstOutputs[0])
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 5,
        maxDuration: .seconds(2), maxIterations: 500)

    for count in [10_000, 1_000_000] {
        let workload = Workload(scenario: try! Scenario.named("mixed"), count: count, rate: 120, frames: 240)
        Benchmark("frame/mixed \(count) layers (one frame, 1 thread)") { frames(workload, $0) }
    }
    for name in Scenario.builtInNames {
        let workload = Workload(scenario: try! Scenario.named(name), count: 100_000, rate: 120, frames: 240)
        Benchmark("frame/\(name) 100000 layers (one frame, 1 thread)") { frames(workload, $0) }
    }
}
