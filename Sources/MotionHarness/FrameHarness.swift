import Dispatch
import Foundation
import Histogram
import MotionCore
import MotionEngine

/// The frame loop: builds each layer count's workload, times every frame of the batch evaluator, and measures the
/// naive evaluator, the shared-timeline comparison and the stream bound in the same run on the same layers and frame
/// times.
public enum FrameHarness {
    /// Run options.
    public struct Options: Sendable {
        /// The workload.
        public var scenario: Scenario
        /// Layer counts to run.
        public var layerCounts: [Int]
        /// The frame timestamps.
        public var clock: FrameClock
        /// Threads for the batch evaluator (≥ 1).
        public var threads: Int
        /// Compare the batch outputs with the scalar path during the run.
        public var verify: Bool
        /// Largest layer count the naive evaluator runs.
        public var naiveLayerLimit = 100_000
        /// Frames the naive evaluator, the shared timeline and the stream bound are timed for (medians).
        public var comparisonFrames = 24
        /// Layers compared with the scalar path per frame --verify checks (spread evenly; MotionCore's batch only).
        public var verifyLayers = 20_000
        /// The most layer comparisons with the exact scalar path per engine per layer count, shared out over every frame
        /// of the checked pass (`EngineCheckPlan`); every output of every checked and timed frame is checked to be finite
        /// whatever the budget. The default, 4 × 40,000, is no fewer than the four checked frames of earlier versions
        /// ever compared (up to 20,000 layers each, or every layer below 40,000).
        public var checkBudget = Options.defaultCheckBudget
        /// `checkBudget`'s default (also `run --check-budget`'s): 160,000 layer comparisons.
        public static let defaultCheckBudget = 160_000
        /// Timed passes over all frames per layer count (figures are medians over passes, with min–max spread).
        public var repeats = 1
        /// Untimed passes over all frames before the timed ones (on top of the 3-frame warm-up every run has).
        public var warmupPasses = 0
        /// Engines under test, each run in a child process beside MotionCore's batch and the naive evaluator.
        package var engines: [EngineProcess.Request] = []
        /// Swift engines under test, created and measured in this process (a Swift team's own engine through the
        /// `AnimationEngine` protocol), after the engines in child processes.
        public var inProcessEngines: [EngineFactory] = []

        /// Options for a run.
        public init(scenario: Scenario, layerCounts: [Int], clock: FrameClock, threads: Int, verify: Bool) {
            (self.scenario, self.layerCounts, self.clock, self.threads, self.verify) = (scenario, layerCounts, clock, threads, verify)
        }
    }

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

    /// What one pass over every frame recorded.
    struct FrameRecord {
        /// Each frame's time, ns, in frame order.
        var frameNanoseconds: [UInt64] = []
        /// Each frame's number in the clock, in the same order.
        var frameNumbers: [Int] = []
        /// The CPU time the frame's threads ran during each frame, ns (`CPUReading`, read outside the timed work).
        var frameCPUNanoseconds: [UInt64] = []
        /// Involuntary context switches during each frame.
        var frameSwitches: [Int] = []
        /// The same times, for the percentiles.
        var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
        /// Mean share of layers mid-animation over the sampled frames (sampled passes only).
        var activeShare = 0.0
        /// Layer-frames compared with the scalar path and the largest relative error (sampled passes with --verify).
        var verification: (samples: Int, maxError: Double)?

        /// An empty record for `frames` frames.
        init(frames: Int) {
            frameNanoseconds.reserveCapacity(frames)
            frameNumbers.reserveCapacity(frames)
            frameCPUNanoseconds.reserveCapacity(frames)
            frameSwitches.reserveCapacity(frames)
        }

        /// Records frame `number`: its wall time and the CPU readings taken just before and just after it.
        mutating func append(frame number: Int, nanoseconds: UInt64, before: CPUReading, after: CPUReading) {
            frameNanoseconds.append(nanoseconds)
            frameNumbers.append(number)
            frameCPUNanoseconds.append(after.cpuNanoseconds &- before.cpuNanoseconds)
            frameSwitches.append(after.involuntarySwitches - before.involuntarySwitches)
            _ = histogram.record(max(nanoseconds, 1))
        }

        /// The 0th, 1st, …, 100th percentile of the frame times, ms (nearest rank).
        var percentilesMs: [Double] {
            let sorted = frameNanoseconds.sorted()
            guard !sorted.isEmpty else { return [] }
            return (0...100).map { percent in Double(sorted[min(sorted.count - 1, percent * sorted.count / 100)]) / 1e6 }
        }
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

    /// Up to `count` frame indices spread evenly over 1…frames.
    static func comparisonFrameIndices(_ frames: Int, _ count: Int) -> [Int] {
        let n = max(1, min(count, frames))
        return (0..<n).map { 1 + $0 * frames / n }
    }

    /// Compares up to `layers` layers (spread evenly) with the scalar path at `frame`; returns the samples and the
    /// largest |batch − scalar| / max(1, the layer's value scale).
    static func verify(_ workload: Workload, frame: LayerFrame, layers: Int) -> (Int, Double) {
        let store = workload.store
        let step = max(1, store.count / max(layers, 1))
        var worst = 0.0, samples = 0
        for index in stride(from: 0, to: store.count, by: step) {
            let expected = workload.expectedOutputs(layer: index, time: frame.time)
            let actual = store.outputs(layer: index)
            let scale = max(1, workload.outputScale(layer: index))
            for (a, b) in zip(expected, actual) {
                let error = abs(a - b) / scale
                worst = max(worst, error.isNaN || !b.isFinite ? .infinity : error)
            }
            samples += 1
        }
        return (samples, worst)
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

    /// Peak resident set size of this process in bytes: VmHWM from /proc/self/status, which belongs to this address
    /// space (getrusage's ru_maxrss survives execve, so under `swift run` it would report SwiftPM's own peak);
    /// getrusage where /proc is missing.
    static func peakResidentBytes() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kilobytes * 1024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }
}
