import MotionCore
import MotionEngine

extension FrameRecord {
    /// The median frame time divided by `layers`, in ns per layer per frame (the upper median of an even count): the one
    /// median every pass's cost is read with (batch, naive, every engine).
    func nsPerLayerFrame(layers: Int) -> Double {
        let sorted = frameNanoseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return Double(sorted[sorted.count / 2]) / Double(max(layers, 1))
    }

    /// The p50, p90, p99 and largest frame time, in ms, from the pass's histogram: the one percentile routine of the
    /// rows and the engines' table.
    var percentiles: EngineRow.Percentiles {
        EngineRow.Percentiles(p50: Double(histogram.valueAtPercentile(50)) / 1e6,
                              p90: Double(histogram.valueAtPercentile(90)) / 1e6,
                              p99: Double(histogram.valueAtPercentile(99)) / 1e6, max: Double(histogram.max) / 1e6)
    }
}

extension FrameHarness.AccuracyBox {
    /// The one accuracy check of MotionCore's own evaluators (batch and naive) inside a pass: `engine`'s outputs at
    /// frame `index` of `frames` inspected (all finite, a sample compared with the exact path); the first failure is
    /// kept and later frames are not inspected.
    func inspect(_ engine: any AnimationEngine, frame: LayerFrame, index: Int, of frames: Int) {
        guard failure == nil else { return }
        do throws(EngineError) {
            try accuracy.inspect(engine, frame: frame, index: index, of: frames, compare: true)
        } catch {
            failure = error.message
        }
    }
}
