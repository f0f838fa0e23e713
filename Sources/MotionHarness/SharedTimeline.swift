import MotionCore

/// The shared-timeline comparison: the shortcut the harness used to report as its headline, kept as a labelled
/// comparison row. Where every layer of a kernel shares its parameters, begins on a whole frame and the frame rate is
/// fixed, every layer samples the same local times k·h; the outputs at those times are tabulated once (from the scalar
/// path) into MotionCore's `TabulatedLayers`, and each frame copies them out. It evaluates nothing per layer, so it
/// only bounds what precomputation could save; it never stands for the batch evaluator.
enum SharedTimeline {
    /// A store of tabulating kernels for `workload`, or nil with the reason when the workload does not allow it.
    static func store(for workload: Workload) -> (store: LayerStore?, obstacle: String?) {
        if let obstacle = workload.sharedTimelineObstacle { return (nil, obstacle) }
        let interval = workload.clock.nominalInterval, frames = workload.clock.frames
        let kernels: [any LayerKernel] = workload.groups.map { group in
            let representative = 0, kernel = group.kernel
            let begin = group.beginTime(representative)
            var table = [[Double]](repeating: [], count: kernel.components)
            for offset in -1...frames {
                let outputs = group.expectedOutputs(layer: representative, time: begin + Double(offset) * interval)
                for c in 0..<kernel.components { table[c].append(outputs[c]) }
            }
            let beginFrames = (0..<kernel.count).map { Int(((group.beginTime($0)) / interval).rounded()) }
            return TabulatedLayers(table: table, beginFrames: beginFrames)
        }
        return (LayerStore(kernels: kernels), nil)
    }
}
