import Dispatch
import Foundation
import Histogram
import MotionCore
import MotionEngine

/// The comparisons a timed pass is held against, on the same layers and frame times: the naive evaluator, the shared
/// timeline and the stream bound.
extension FrameHarness {
    /// A timed pass's figures: its frame times per layer and percentiles, then the naive evaluator, the shared
    /// timeline and the stream bound timed on the same layers (the stream bound resets the store afterwards).
    static func comparisons(_ setup: Setup, record: FrameRecord, options: Options, naiveAccuracy: AccuracyBox?,
                            progress: (String) -> Void) -> PassFigures {
        let workload = setup.workload, name = options.scenario.name
        var figures = PassFigures()
        figures.nsPerLayerFrame = record.nsPerLayerFrame(layers: workload.count)
        let percentiles = record.percentiles
        (figures.frameMsP50, figures.frameMsP90) = (percentiles.p50, percentiles.p90)
        (figures.frameMsP99, figures.frameMsMax) = (percentiles.p99, percentiles.max)
        progress("\(name): naive evaluator on \(setup.naiveCount) layers")
        figures.naiveNsPerLayerFrame = naiveCost(setup, threads: options.threads, accuracy: naiveAccuracy, clock: options.clock)
        progress("\(name): shared-timeline comparison")
        figures.sharedTimelineNsPerLayerFrame = setup.timeline.map {
            storeCost($0, clock: options.clock, frames: setup.comparisonFrames, threads: options.threads)
        }
        figures.streamNsPerLayerFrame = streamCost(workload.store, frames: setup.comparisonFrames.count, threads: options.threads)
        return figures
    }

    /// Up to `count` frame indices spread evenly over 1…frames.
    static func comparisonFrameIndices(_ frames: Int, _ count: Int) -> [Int] {
        let n = max(1, min(count, frames))
        return (0..<n).map { 1 + $0 * frames / n }
    }

    /// Median ns per layer per frame of the naive engine over the comparison frames, through the timed loop every
    /// engine runs; with `accuracy`, its outputs are checked after each of those frames in a pass of their own first.
    static func naiveCost(_ setup: Setup, threads: Int, accuracy: AccuracyBox?, clock: FrameClock) -> Double {
        // With checks, a checked pass first (its times not counted, as for the batch), then the timed one.
        if let accuracy { _ = naivePass(setup, threads: threads, accuracy: accuracy, clock: clock) }
        return naivePass(setup, threads: threads, accuracy: nil, clock: clock)
    }

    /// One pass of the naive evaluator over the comparison frames, checked when `accuracy` is given: its median ns
    /// per layer per frame.
    private static func naivePass(_ setup: Setup, threads: Int, accuracy: AccuracyBox?, clock: FrameClock) -> Double {
        let naive = setup.naive, frames = setup.comparisonFrames
        do {
            let chunks = ChunkWorkers.chunkCount(threads: threads, layers: naive.naive.count)
            let record = try EngineTiming.pass(naive, clock: clock, frames: frames,
                                               chunks: chunks) { (index, frame) throws(EngineError) in
                accuracy?.inspect(naive, frame: frame, index: index, of: clock.frames)
            }
            return record.nsPerLayerFrame(layers: naive.naive.count)
        } catch {
            preconditionFailure("the naive engine reports no errors: \(error)")
        }
    }

    /// Median ns per layer per frame of another store (the shared timeline) over `frames`.
    static func storeCost(_ store: LayerStore, clock: FrameClock, frames: [Int], threads: Int) -> Double {
        var samples: [Double] = []
        ChunkWorkers.with(chunks: ChunkWorkers.chunkCount(threads: threads, layers: store.count)) { workers in
            for index in frames {
                let start = DispatchTime.now().uptimeNanoseconds
                evaluate(store, frame: clock.frame(index), workers: workers)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
            }
        }
        return samples.sorted()[samples.count / 2] / Double(max(store.count, 1))
    }

    /// The stream bound: median ns per layer per frame of `LayerStore.stream` over `frames` passes, the faster of
    /// chunked like a frame across `threads` and on one thread (so that at small sizes it does not pay a thread
    /// hand-off the bound does not need); the store is reset afterwards.
    static func streamCost(_ store: LayerStore, frames: Int, threads: Int) -> Double {
        let chunks = ChunkWorkers.chunkCount(threads: threads, layers: store.count)
        let spread = streamPasses(store, frames: frames, chunks: chunks)
        return threads > 1 ? min(spread, streamPasses(store, frames: frames, chunks: 1)) : spread
    }

    /// Median ns per layer per frame of `LayerStore.stream` over `frames` passes in `chunks` concurrent chunks.
    static func streamPasses(_ store: LayerStore, frames: Int, chunks: Int) -> Double {
        var samples: [Double] = []
        ChunkWorkers.with(chunks: chunks) { workers in
            for _ in 1...max(frames, 1) {
                let start = DispatchTime.now().uptimeNanoseconds
                workers.run { chunk in store.stream(chunk: chunk, of: chunks) }
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
            }
        }
        store.reset()
        return samples.sorted()[samples.count / 2] / Double(max(store.count, 1))
    }
}
