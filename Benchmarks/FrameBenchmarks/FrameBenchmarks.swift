import Benchmark
import MotionCore
import MotionHarness

/// One whole frame of the batch evaluator per iteration, on one thread, cycling through the clock's frames: every
/// layer evaluated from its own parameters at the frame's timestamp.
func frames(_ workload: Workload, _ benchmark: Benchmark) {
    var index = 0
    for _ in benchmark.scaledIterations {
        index += 1
        if index > workload.clock.frames {
            workload.store.reset()
            index = 1
        }
        workload.store.evaluate(workload.clock.frame(index), layers: 0..<workload.store.count)
    }
    blackHole(workload.store.outputs(layer: 0))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 5,
        maxDuration: .seconds(2), maxIterations: 500)

    let fixed = FrameClock.fixed(rate: 120, frames: 240)
    let vrr = FrameClock.variableRefresh(rate: 120, frames: 240, seed: 1)
    for count in [10_000, 1_000_000] {
        let workload = Workload(scenario: try! Scenario.named("mixed"), count: count, clock: fixed)
        Benchmark("frame/mixed \(count) layers (one frame, 1 thread)") { frames(workload, $0) }
    }
    let variable = Workload(scenario: try! Scenario.named("mixed"), count: 100_000, clock: vrr)
    Benchmark("frame/mixed 100000 layers, vrr clock (one frame, 1 thread)") { frames(variable, $0) }
    for name in Scenario.builtInNames {
        let workload = Workload(scenario: try! Scenario.named(name), count: 100_000, clock: fixed)
        Benchmark("frame/\(name) 100000 layers (one frame, 1 thread)") { frames(workload, $0) }
    }
}
