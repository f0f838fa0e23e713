import MotionCore
import MotionEngine

/// An engine under test set up on a workload outside any timing: for the gate, which counts the instructions of the
/// engine's frame calls only.
package enum EngineWorkbench {
    /// The engine of `library` created on `count` layers of `scenario` (the kinds it supports) for `clock`: the engine,
    /// the layers it received, and the checksum of its outputs after the last frame evaluated (read outside the
    /// measured region).
    package static func prepare(_ library: PluginLibrary, scenario: Scenario, count: Int,
                               clock: FrameClock) throws(EngineError) -> (engine: any AnimationEngine, layers: Int) {
        let workload = Workload(scenario: scenario, count: count, clock: clock)
        let selection = EngineSelection(workload: workload, kinds: library.descriptor.supportedKinds)
        guard selection.count > 0 else {
            throw EngineError("engine \(library.descriptor.name): supports none of \(scenario.name)'s kinds")
        }
        return (try PluginEngine(library: library, layers: selection.layers), selection.count)
    }

    /// The sum of every output of `engine`'s `layers` layers after the last frame (each layer's first output).
    package static func checksum(_ engine: any AnimationEngine, layers: Int) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { scratch in
            var sum = 0.0
            for layer in 0..<layers {
                engine.outputs(layer: layer, into: UnsafeMutableBufferPointer(rebasing: scratch[0..<1]))
                sum += scratch[0]
            }
            return sum
        }
    }

    /// Each frame's time in ns of `frames` frames of `clock` on `engine` in `chunks` chunks, through the timed loop
    /// every engine runs in `motionbench run` (`EngineTiming.pass`), from the engine's reset state.
    package static func frameNanoseconds(_ engine: any AnimationEngine, clock: FrameClock,
                                        chunks: Int = 1) throws(EngineError) -> [UInt64] {
        try EngineTiming.pass(engine, clock: clock, frames: Array(1...clock.frames), chunks: chunks) { _, _ in }
            .frameNanoseconds
    }

    /// MotionCore's batch evaluator as the engine `run` times, on `count` layers of `scenario` for `clock`, with its
    /// store (for a loop around the store itself).
    package static func batch(scenario: Scenario, count: Int, clock: FrameClock) -> (engine: any AnimationEngine,
                                                                                    store: LayerStore) {
        let workload = Workload(scenario: scenario, count: count, clock: clock)
        return (BatchEngine(store: workload.store, kernels: workload.groups.map(\.kernel), clock: clock,
                            kinds: Set(EngineLayerKind.allCases)), workload.store)
    }
}
