import MotionCore

/// The shared-timeline comparison: the shortcut the harness used to report as its headline, kept as a labelled
/// comparison row. Where every layer of a kernel shares its parameters, begins on a whole frame and the frame rate is
/// fixed, every layer samples the same local times k·h; the outputs at those times are tabulated once (from the scalar
/// path) and each frame copies them out. It evaluates nothing per layer, so it only bounds what precomputation could
/// save; it never stands for the batch evaluator.
enum SharedTimeline {
    /// A store of tabulating kernels for `workload`, or nil with the reason when the workload does not allow it.
    static func store(for workload: Workload) -> (store: LayerStore?, obstacle: String?) {
        if let obstacle = workload.sharedTimelineObstacle { return (nil, obstacle) }
        let interval = workload.clock.nominalInterval, frames = workload.clock.frames
        let kernels: [any LayerKernel] = workload.kernels.map { kernel in
            let representative = 0
            let begin = kernel.beginTime(representative)
            var table = [[Double]](repeating: [], count: kernel.components)
            for offset in -1...frames {
                let outputs = kernel.expectedOutputs(layer: representative, time: begin + Double(offset) * interval)
                for c in 0..<kernel.components { table[c].append(outputs[c]) }
            }
            let beginFrames = (0..<kernel.count).map { Int(((kernel.beginTime($0)) / interval).rounded()) }
            return TimelineKernel(table: table, beginFrames: beginFrames)
        }
        return (LayerStore(kernels: kernels), nil)
    }
}

/// Layers that copy their outputs from a shared table: out[c][i] = table[c][clamp(frame − begin[i] + 1)].
final class TimelineKernel: LayerKernel, @unchecked Sendable {
    let count: Int
    let components: Int
    /// Per component: offsets −1…frames.
    private let table: LayerColumns
    private let rows: Int
    /// Begin frame per layer, then the outputs.
    private let columns: LayerColumns

    init(table values: [[Double]], beginFrames: [Int]) {
        count = beginFrames.count
        components = values.count
        rows = values[0].count
        table = LayerColumns(columns: components, count: rows)
        for c in 0..<components { for k in 0..<rows { table[c][k] = values[c][k] } }
        columns = LayerColumns(columns: 1 + components, count: count)
        for (i, frame) in beginFrames.enumerated() { columns[0][i] = Double(frame) }
        reset()
    }

    func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let begin = columns[0], last = rows - 1, current = frame.index
        for c in 0..<components {
            let source = table[c], target = columns[1 + c]
            for i in range { target[i] = source[min(max(current - Int(begin[i]) + 1, 0), last)] }
        }
    }

    func reset() {
        for c in 0..<components { columns[1 + c].update(repeating: table[c][0], count: count) }
    }

    var streamReads: [UnsafeMutablePointer<Double>] { [columns[0]] }
    var streamWrites: [UnsafeMutablePointer<Double>] { (0..<components).map { columns[1 + $0] } }
    var bytesPerLayer: Int { columns.columns * 8 }
    func output(_ component: Int, layer: Int) -> Double { columns[1 + component][layer] }
    func isActive(_ layer: Int, at time: Double) -> Bool { false }
}
