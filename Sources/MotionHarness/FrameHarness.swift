import Dispatch
import Foundation
import Histogram
import MotionCore
import MotionEngine

/// The frame loop: builds each layer count's workload, times every frame of the batch evaluator, and measures the
/// naive evaluator, the shared-timeline comparison and the stream bound in the same run on the same layers and frame
/// times.
public enum FrameHarness {
    /// Largest allowed |batch − scalar| / max(1, value scale) in --verify.
    public static let verifyTolerance = 1e-12

    /// Runs every layer count; `progress` receives a status line now and then. The largest layer count in budget is
    /// one estimate for the whole run (`BudgetEstimate`), the same in every row.
    public static func run(_ options: Options, progress: (String) -> Void = { _ in }) -> [HarnessResult] {
        var results = options.layerCounts.map { measure(count: $0, options: options, progress: progress) }
        let estimate = BudgetEstimate(rows: results.map { ($0.layers, $0.frameMs.p99.median) },
                                      budgetMs: 1e3 * options.clock.nominalInterval)
        let disturbed = results.contains(where: \.isDisturbed)
        for index in results.indices { results[index].maxLayersInBudget = disturbed ? nil : estimate.maxLayers }
        return results
    }

    /// One layer count's workload, built and warmed up, with what the comparisons need.
    struct Setup {
        let workload: Workload
        /// The shared-timeline store, or nil with the reason.
        let timeline: LayerStore?, timelineObstacle: String?
        /// Frames the comparisons are timed at.
        let comparisonFrames: [Int]
        /// Layers the naive evaluator runs.
        let naiveCount: Int
        /// MotionCore's batch evaluator over the workload's store, as an engine.
        let batch: BatchEngine
        /// The naive evaluator on `naiveCount` layers, as an engine.
        let naive: NaiveEngine

        /// Builds `count` layers of the options' scenario, evaluates three frames (caches, page faults) and resets.
        init(count: Int, options: Options, progress: (String) -> Void) {
            progress("\(options.scenario.name): building \(count) layers")
            workload = Workload(scenario: options.scenario, count: count, clock: options.clock)
            let clock = options.clock
            let store = workload.store
            ChunkWorkers.with(chunks: ChunkWorkers.chunkCount(threads: options.threads, layers: count)) { workers in
                for index in 1...min(3, clock.frames) { FrameHarness.evaluate(store, frame: clock.frame(index), workers: workers) }
            }
            workload.store.reset()
            (timeline, timelineObstacle) = SharedTimeline.store(for: workload)
            comparisonFrames = comparisonFrameIndices(clock.frames, options.comparisonFrames)
            naiveCount = min(count, options.naiveLayerLimit)
            batch = BatchEngine(store: workload.store, kernels: workload.groups.map(\.kernel), clock: clock,
                                kinds: Set(EngineLayerKind.allCases))
            naive = NaiveEngine(workload: workload, limit: naiveCount)
        }
    }

    /// One layer count through `PassDriver`: the warm-up passes, the checked pass (outputs compared with the exact path,
    /// its times not counted), the timed passes each followed by the comparisons, then the row with the
    /// engines side by side (MotionCore's batch and the naive evaluator from those passes, then each engine under test
    /// in its child process and, where it supports only some kinds, MotionCore's batch on the same kinds).
    static func measure(count: Int, options: Options, progress: (String) -> Void) -> HarnessResult {
        let setup = Setup(count: count, options: options, progress: progress)
        var measured: [PassFigures] = [], checksum = 0.0
        let checks = Checks(setup, options: options)
        // The checks run in a pass of their own, before the measured ones and not counted: comparing outputs with the
        // exact path between frames evicts what the next frame would find in the caches, so a pass that checks would
        // overstate the cost (at 10,000 layers by a quarter to a half).
        let passes = PassDriver.run(warmupPasses: options.warmupPasses, repeats: options.repeats, pass: { pass in
            switch pass {
            case .warmUp(let index, let count):
                return framePass(setup, options: options, accuracy: nil, label: "warm-up \(index + 1)/\(count)", progress: progress)
            case .checked:
                let record = framePass(setup, options: options, accuracy: checks.batch, label: "checks", progress: progress)
                checksum = setup.workload.store.checksum()
                return record
            case .timed(let index, let count):
                return framePass(setup, options: options, accuracy: nil, label: count > 1 ? "pass \(index + 1)/\(count)" : "",
                                 progress: progress)
            }
        }, afterTimed: { index, record in
            measured.append(comparisons(setup, record: record, options: options, naiveAccuracy: index == 0 ? checks.naive : nil,
                                        progress: progress))
        })
        var first = passes.first
        (first.activeShare, first.verification) = (passes.checked.activeShare, passes.checked.verification)
        var result = assemble(setup, options: options, first: first, checksum: checksum, summary: PassSummary(measured))
        result.noise = passes.noise(threads: ChunkWorkers.chunkCount(threads: options.threads, layers: count))
        result.engines = EngineRows.rows(setup, options: options, result: result, checks: checks, progress: progress)
        return result
    }

    /// The accuracy checks of MotionCore's batch (over every frame) and the naive evaluator (over its comparison
    /// frames), filled during the checked pass (the batch) and the first timed pass (the naive evaluator).
    final class Checks {
        let batch: AccuracyBox, naive: AccuracyBox

        init(_ setup: Setup, options: Options) {
            let workload = setup.workload
            batch = AccuracyBox(EngineAccuracy(workload: workload, count: workload.count, workloadIndex: { $0 },
                                               frames: Array(1...options.clock.frames), budget: options.checkBudget))
            let naive = setup.naive
            self.naive = AccuracyBox(EngineAccuracy(workload: workload, count: naive.naive.count,
                                                    workloadIndex: { naive.workloadIndex($0) },
                                                    frames: setup.comparisonFrames, budget: options.checkBudget))
        }
    }

    /// An accuracy check shared by reference with the pass that fills it, and the failure it met, if any.
    final class AccuracyBox {
        var accuracy: EngineAccuracy
        var failure: String?
        init(_ accuracy: EngineAccuracy) { self.accuracy = accuracy }
    }

    /// Times every frame of the clock on MotionCore's batch engine from its reset state, through the timed loop every
    /// engine runs (`EngineTiming.pass`). The checked pass (`accuracy` given) also samples the active share (every
    /// fourth frame and the last), checks the batch's outputs after every frame for the engines' table (all finite, a
    /// sample of layers compared with the exact path) and, with --verify, compares four frames with the scalar path.
    static func framePass(_ setup: Setup, options: Options, accuracy: AccuracyBox?, label: String,
                          progress: (String) -> Void) -> FrameRecord {
        let clock = options.clock, workload = setup.workload, store = workload.store, count = workload.count
        let sampled = accuracy != nil, frames = Array(1...clock.frames)
        let verifyFrames: Set<Int> = options.verify && sampled
            ? [1, max(1, clock.frames / 3), max(1, 2 * clock.frames / 3), clock.frames] : []
        var verification: (samples: Int, maxError: Double)? = verifyFrames.isEmpty ? nil : (0, 0)
        var activeTotal = 0.0, activeSamples = 0
        var record: FrameRecord
        do {
            let chunks = ChunkWorkers.chunkCount(threads: options.threads, layers: count)
            record = try EngineTiming.pass(setup.batch, clock: clock, frames: frames,
                                           chunks: chunks) { (index, frame) throws(EngineError) in
                if sampled, index % 4 == 1 || index == clock.frames {
                    activeTotal += Double(store.activeCount(at: frame.time)) / Double(max(count, 1))
                    activeSamples += 1
                }
                accuracy?.inspect(setup.batch, frame: frame, index: index, of: clock.frames)
                if verifyFrames.contains(index), let sofar = verification {
                    let (samples, error) = verify(workload, frame: frame, layers: options.verifyLayers)
                    verification = (sofar.samples + samples, Swift.max(sofar.maxError, error))
                }
                if index % 60 == 0 {
                    progress("\(options.scenario.name): \(count) layers, \(label.isEmpty ? "" : label + ", ")frame \(index)/\(clock.frames)")
                }
            }
        } catch {
            preconditionFailure("MotionCore's batch engine reports no errors: \(error)")
        }
        record.activeShare = activeSamples > 0 ? activeTotal / Double(activeSamples) : 0
        record.verification = verification
        return record
    }

    /// The row for one layer count: the medians over timed passes with their ranges, the first timed pass's
    /// percentiles, the checked pass's active share and verification (copied into `first`), and the store's sizes. `maxLayersInBudget` is filled in by `run`.
    static func assemble(_ setup: Setup, options: Options, first: FrameRecord, checksum: Double,
                         summary: PassSummary) -> HarnessResult {
        let clock = options.clock, store = setup.workload.store
        let nsPerLayer = summary.nsPerLayerFrame.median, activeShare = first.activeShare, frameMs = summary.frameMs
        var result = HarnessResult(
            scenario: options.scenario.name, layers: setup.workload.count, threads: options.threads, frames: clock.frames,
            clock: clock.label, rateHz: 1 / clock.nominalInterval, nsPerLayerFrame: summary.nsPerLayerFrame, activeShare: activeShare,
            nsPerActiveLayerFrame: activeShare > 0 ? nsPerLayer / activeShare : .infinity,
            frameMs: frameMs, budgetFractionP99: frameMs.p99.median / (1e3 * clock.nominalInterval), maxLayersInBudget: 0,
            bytesPerLayer: Int(store.bytesPerLayer.rounded()), peakRSSBytes: peakResidentBytes(),
            naiveNsPerLayerFrame: summary.naiveNsPerLayerFrame, naiveLayers: setup.naiveCount,
            speedupVsNaive: summary.speedupVsNaive,
            sharedTimelineNsPerLayerFrame: summary.sharedTimelineNsPerLayerFrame,
            sharedTimelineObstacle: setup.timelineObstacle,
            streamNsPerLayerFrame: summary.streamNsPerLayerFrame, streamBytesPerLayerFrame: store.streamBytesPerLayer,
            ratioToStream: summary.ratioToStream, checksum: checksum, verification: first.verification)
        // A bound that costs more than the evaluator it bounds bounds nothing: left out of the row (see `notes`); its
        // range over passes stays.
        if !(result.streamNsPerLayerFrame.median < nsPerLayer) {
            (result.streamNsPerLayerFrame.median, result.ratioToStream.median) = (.nan, .nan)
        }
        result.repeats = max(options.repeats, 1)
        result.frameMsPercentiles = first.percentilesMs
        return result
    }

    /// One frame of `store` on `threads` threads, with worker threads of its own for this frame (a pass keeps one
    /// `ChunkWorkers` for all its frames instead).
    static func evaluate(_ store: LayerStore, frame: LayerFrame, threads: Int) {
        ChunkWorkers.with(chunks: ChunkWorkers.chunkCount(threads: threads, layers: store.count)) {
            evaluate(store, frame: frame, workers: $0)
        }
    }

    /// One frame of `store`, chunked across `workers`' threads (chunk k on thread k).
    static func evaluate(_ store: LayerStore, frame: LayerFrame, workers: ChunkWorkers) {
        let chunks = workers.chunks
        if chunks == 1 {
            store.evaluate(frame, layers: 0..<store.count)
            return
        }
        workers.run { chunk in store.evaluate(frame, chunk: chunk, of: chunks) }
    }

}
