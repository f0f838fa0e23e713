import MotionCore
import MotionEngine
import MotionSupport

/// MotionCore's batch evaluator as an engine: a `LayerStore` of the workload's kernels, evaluated chunk by chunk. The
/// frame's interval comes from the clock (a fixed-rate clock states it exactly), found by the frame's time.
final class BatchEngine: AnimationEngine, @unchecked Sendable {
    let store: LayerStore
    let clock: FrameClock
    let descriptor: EngineDescriptor

    /// The engine over `store`, for frames of `clock`.
    init(store: LayerStore, clock: FrameClock, kinds: Set<EngineLayerKind>) {
        (self.store, self.clock) = (store, clock)
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
}
