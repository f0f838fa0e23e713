import MotionCore
import MotionEngine
import MotionSupport

/// MotionCore's batch evaluator as an engine: a `LayerStore` of the workload's kernels, evaluated chunk by chunk. The
/// frame's interval comes from the clock (a fixed-rate clock states it exactly), found by the frame's time.
final class BatchEngine: AnimationEngine, @unchecked Sendable {
    let store: LayerStore
    /// The store's kernels in order (its layers numbered through them), for the scan for non-finite outputs.
    let kernels: [any LayerKernel]
    let clock: FrameClock
    let descriptor: EngineDescriptor

    /// The engine over `store`, a store of `kernels` in that order, for frames of `clock`.
    init(store: LayerStore, kernels: [any LayerKernel], clock: FrameClock, kinds: Set<EngineLayerKind>) {
        (self.store, self.kernels, self.clock) = (store, kernels.filter { $0.count > 0 }, clock)
        descriptor = EngineDescriptor(name: "motioncore-batch", version: ToolVersion.number, precision: .float64,
                                      supportedKinds: kinds, concurrentChunks: true)
    }

    func evaluateFrame(time: Double, chunk: Int, of chunks: Int) throws(EngineError) {
        let frame = clock.frame(at: time)
        if chunks == 1 {
            store.evaluate(frame, layers: 0..<store.count)
        } else {
            store.evaluate(frame, chunk: chunk, of: chunks)
        }
    }

    func reset() throws(EngineError) { store.reset() }

    func outputs(layer: Int, into values: UnsafeMutableBufferPointer<Double>) {
        for (index, value) in store.outputs(layer: layer).prefix(values.count).enumerated() { values[index] = value }
    }

    /// Each kernel's outputs read through its typed getter, component by component (no array per layer).
    func firstNonFiniteOutput(layers _: Int, outputCount _: (Int) -> Int) -> (layer: Int, output: Int, value: Double)? {
        var first = 0
        for kernel in kernels {
            var found: (layer: Int, output: Int, value: Double)?
            for component in 0..<kernel.components {
                for layer in 0..<(found.map { $0.layer } ?? kernel.count) {
                    let value = kernel.output(component, layer: layer)
                    if !value.isFinite {
                        found = (layer, component, value)
                        break
                    }
                }
            }
            if let found { return (first + found.layer, found.output, found.value) }
            first += kernel.count
        }
        return nil
    }
}

/// The naive evaluator as an engine: a class per layer, on at most `limit` of the selected layers spread evenly.
final class NaiveEngine: AnimationEngine, @unchecked Sendable {
    let naive: NaiveEvaluator
    let descriptor: EngineDescriptor

    /// The naive layers for up to `limit` layers of `workload`.
    init(workload: Workload, limit: Int) {
        naive = NaiveEvaluator(workload: workload, limit: limit)
        descriptor = EngineDescriptor(name: "naive", version: ToolVersion.number, precision: .float64,
                                      supportedKinds: Set(EngineLayerKind.allCases), concurrentChunks: true)
    }

    /// The workload index of naive layer `position`.
    func workloadIndex(_ position: Int) -> Int { naive.indices[position] }

    func evaluateFrame(time: Double, chunk: Int, of chunks: Int) throws(EngineError) {
        naive.evaluate(time: time, layers: LayerStore.share(chunk, of: chunks, count: naive.count))
    }

    func reset() throws(EngineError) {}

    func outputs(layer: Int, into values: UnsafeMutableBufferPointer<Double>) {
        for (index, value) in naive.values(layer).prefix(values.count).enumerated() { values[index] = value }
    }

    /// Each naive layer's values, in order.
    func firstNonFiniteOutput(layers _: Int, outputCount _: (Int) -> Int) -> (layer: Int, output: Int, value: Double)? {
        for layer in 0..<naive.count {
            let values = naive.values(layer)
            if let output = values.firstIndex(where: { !$0.isFinite }) { return (layer, output, values[output]) }
        }
        return nil
    }
}
