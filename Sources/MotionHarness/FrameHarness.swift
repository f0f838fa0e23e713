import Dispatch
import Foundation
import Histogram
import MotionCore

/// What `motionbench run` measures for one layer count.
public struct HarnessResult: Sendable {
    /// Scenario name.
    public var scenario: String
    /// Layers evaluated per frame.
    public var layers: Int
    /// Threads used.
    public var threads: Int
    /// Frames timed.
    public var frames: Int
    /// The frame clock: "120 Hz", "vrr …" or a file name.
    public var clock: String
    /// Nominal frame rate in Hz (1 / nominal interval): sets the budget.
    public var rateHz: Double
    /// Median frame time divided by the layer count, in nanoseconds.
    public var nsPerLayerFrame: Double
    /// Mean share of layers mid-animation per frame, in [0, 1].
    public var activeShare: Double
    /// nsPerLayerFrame / activeShare: the cost per layer that is mid-animation, in nanoseconds.
    public var nsPerActiveLayerFrame: Double
    /// Frame-time percentiles in milliseconds: p50, p90, p99, max.
    public var frameMs: (p50: Double, p90: Double, p99: Double, max: Double)
    /// p99 frame time as a fraction of the frame budget (the nominal interval).
    public var budgetFractionP99: Double
    /// The largest layer count whose p99 frame fits the budget: one estimate for the whole run (`BudgetEstimate`),
    /// the same in every row.
    public var maxLayersInBudget: Int
    /// Bytes of parameters, state and outputs held per layer (average over kinds).
    public var bytesPerLayer: Int
    /// Peak resident memory of the process so far, in bytes.
    public var peakRSSBytes: Int
    /// The naive evaluator's median cost per layer per frame, in ns (measured on `naiveLayers` layers).
    public var naiveNsPerLayerFrame: Double
    /// Layers the naive evaluator ran (at most 100,000; its cost is scaled per layer).
    public var naiveLayers: Int
    /// naive / batch cost per layer.
    public var speedupVsNaive: Double
    /// The shared-timeline comparison (tabulated outputs copied out), ns per layer per frame; nil where it cannot run.
    public var sharedTimelineNsPerLayerFrame: Double?
    /// Why the shared-timeline comparison did not run (nil when it ran).
    public var sharedTimelineObstacle: String?
    /// The memory-traffic bound: reading every column a frame reads and writing every column it writes, once, in ns
    /// per layer per frame.
    public var streamNsPerLayerFrame: Double
    /// Bytes the stream bound moves per layer per frame (reads plus writes).
    public var streamBytesPerLayerFrame: Double
    /// batch / stream cost per layer.
    public var ratioToStream: Double
    /// Sum of every output after the last frame (the work cannot be optimised away; equal across thread counts).
    public var checksum: Double
    /// With --verify: layer-frames compared with the scalar path, and the largest error relative to
    /// max(1, the layer's value scale).
    public var verification: (samples: Int, maxError: Double)?
    /// Timed passes over all frames that the figures summarise: each timed figure is the median over passes.
    public var repeats = 1
    /// The frame-time distribution of the first timed pass: the 0th, 1st, …, 100th percentile of frame times, in ms
    /// (nearest rank over every frame).
    public var frameMsPercentiles: [Double] = []
    /// The smallest and largest value over the passes of each repeated figure, keyed by its name in the JSON report
    /// (`nsPerLayerFrame`, `frameMsP99`, `naiveNsPerLayerFrame`, …), in that figure's unit; empty for one pass.
    public var spread: [String: ClosedRange<Double>] = [:]
}

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
        /// Layers compared per verified frame (spread evenly).
        public var verifyLayers = 20_000
        /// Timed passes over all frames per layer count (figures are medians over passes, with min–max spread).
        public var repeats = 1
        /// Untimed passes over all frames before the timed ones (on top of the 3-frame warm-up every run has).
        public var warmupPasses = 0

        /// Options for a run.
        public init(scenario: Scenario, layerCounts: [Int], clock: FrameClock, threads: Int, verify: Bool) {
            (self.scenario, self.layerCounts, self.clock, self.threads, self.verify) = (scenario, layerCounts, clock, threads, verify)
        }
    }

    /// Largest allowed |batch − scalar| / max(1, value scale) in --verify.
    public static let verifyTolerance = 1e-12

    /// What one timed pass over all frames measured.
    struct Pass {
        var nsPerLayer = 0.0, p50 = 0.0, p90 = 0.0, p99 = 0.0, max = 0.0, naive = 0.0, stream = 0.0
        var timeline: Double?
    }

    /// Runs every layer count; `progress` receives a status line now and then. The largest layer count in budget is
    /// one estimate for the whole run (`BudgetEstimate`), the same in every row.
    public static func run(_ options: Options, progress: (String) -> Void = { _ in }) -> [HarnessResult] {
        let clock = options.clock, name = options.scenario.name
        let passes = max(options.repeats, 1)
        var results: [HarnessResult] = options.layerCounts.map { count in
            progress("\(name): building \(count) layers")
            let workload = Workload(scenario: options.scenario, count: count, clock: clock)
            let store = workload.store
            // Warm up (caches, page faults), then start from frame 0 again.
            for index in 1...min(3, clock.frames) { evaluate(store, frame: clock.frame(index), threads: options.threads) }
            store.reset()
            var verification: (samples: Int, maxError: Double)? = options.verify ? (0, 0) : nil
            var activeShare = 0.0, checksum = 0.0, frameMsPercentiles: [Double] = []
            var measured: [Pass] = []
            let (timeline, obstacle) = SharedTimeline.store(for: workload)
            let comparison = comparisonFrameIndices(clock.frames, options.comparisonFrames)
            let naiveCount = min(count, options.naiveLayerLimit)
            for pass in 0..<(options.warmupPasses + passes) {
                let timed = pass >= options.warmupPasses, first = pass == options.warmupPasses
                let label = timed ? (passes > 1 ? "pass \(pass - options.warmupPasses + 1)/\(passes)" : "")
                    : "warm-up \(pass + 1)/\(options.warmupPasses)"
                var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
                var frameNanoseconds: [UInt64] = []
                frameNanoseconds.reserveCapacity(clock.frames)
                let verifyFrames: Set<Int> = options.verify && first
                    ? [1, max(1, clock.frames / 3), max(1, 2 * clock.frames / 3), clock.frames] : []
                var activeTotal = 0.0, activeSamples = 0
                store.reset()
                for index in 1...clock.frames {
                    let frame = clock.frame(index)
                    let start = DispatchTime.now().uptimeNanoseconds
                    evaluate(store, frame: frame, threads: options.threads)
                    let elapsed = DispatchTime.now().uptimeNanoseconds - start
                    frameNanoseconds.append(elapsed)
                    _ = histogram.record(max(elapsed, 1))
                    if first, index % 4 == 1 || index == clock.frames {
                        activeTotal += Double(store.activeCount(at: frame.time)) / Double(max(count, 1))
                        activeSamples += 1
                    }
                    if verifyFrames.contains(index) {
                        let (samples, error) = verify(workload, frame: frame, layers: options.verifyLayers)
                        verification = (verification!.samples + samples, Swift.max(verification!.maxError, error))
                    }
                    if index % 60 == 0 { progress("\(name): \(count) layers, \(label.isEmpty ? "" : label + ", ")frame \(index)/\(clock.frames)") }
                }
                guard timed else { continue }
                if first {
                    let sorted = frameNanoseconds.sorted()
                    frameMsPercentiles = (0...100).map { percent in
                        Double(sorted[min(sorted.count - 1, percent * sorted.count / 100)]) / 1e6
                    }
                    checksum = store.checksum()
                    activeShare = activeSamples > 0 ? activeTotal / Double(activeSamples) : 0
                }
                var result = Pass()
                result.nsPerLayer = Double(frameNanoseconds.sorted()[frameNanoseconds.count / 2]) / Double(max(count, 1))
                (result.p50, result.p90) = (Double(histogram.valueAtPercentile(50)) / 1e6, Double(histogram.valueAtPercentile(90)) / 1e6)
                (result.p99, result.max) = (Double(histogram.valueAtPercentile(99)) / 1e6, Double(histogram.max) / 1e6)
                progress("\(name): naive evaluator on \(naiveCount) layers")
                result.naive = naiveCost(workload, limit: naiveCount, frames: comparison).ns
                progress("\(name): shared-timeline comparison")
                result.timeline = timeline.map { storeCost($0, clock: clock, frames: comparison, threads: options.threads) }
                result.stream = streamCost(store, frames: comparison.count, threads: options.threads)
                measured.append(result)
            }
            func median(_ values: [Double]) -> Double {
                let sorted = values.sorted()
                return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            }
            var figures: [(String, [Double])] = []
            figures.append(("nsPerLayerFrame", measured.map(\.nsPerLayer)))
            figures.append(("frameMsP50", measured.map(\.p50)))
            figures.append(("frameMsP90", measured.map(\.p90)))
            figures.append(("frameMsP99", measured.map(\.p99)))
            figures.append(("frameMsMax", measured.map(\.max)))
            figures.append(("naiveNsPerLayerFrame", measured.map(\.naive)))
            figures.append(("streamNsPerLayerFrame", measured.map(\.stream)))
            figures.append(("speedupVsNaive", measured.map { (pass: Pass) -> Double in pass.naive / pass.nsPerLayer }))
            figures.append(("ratioToStream", measured.map { (pass: Pass) -> Double in pass.nsPerLayer / pass.stream }))
            if timeline != nil {
                figures.append(("sharedTimelineNsPerLayerFrame", measured.map { (pass: Pass) -> Double in pass.timeline ?? .nan }))
            }
            var value: [String: Double] = [:], spread: [String: ClosedRange<Double>] = [:]
            for (key, samples) in figures {
                value[key] = median(samples)
                if passes > 1 { spread[key] = samples.min()!...samples.max()! }
            }
            let nsPerLayer = value["nsPerLayerFrame"]!
            let budgetMs = 1e3 * clock.nominalInterval
            var result = HarnessResult(
                scenario: name, layers: count, threads: options.threads, frames: clock.frames, clock: clock.label,
                rateHz: 1 / clock.nominalInterval, nsPerLayerFrame: nsPerLayer, activeShare: activeShare,
                nsPerActiveLayerFrame: activeShare > 0 ? nsPerLayer / activeShare : .infinity,
                frameMs: (value["frameMsP50"]!, value["frameMsP90"]!, value["frameMsP99"]!, value["frameMsMax"]!),
                budgetFractionP99: value["frameMsP99"]! / budgetMs, maxLayersInBudget: 0,
                bytesPerLayer: Int(store.bytesPerLayer.rounded()), peakRSSBytes: peakResidentBytes(),
                naiveNsPerLayerFrame: value["naiveNsPerLayerFrame"]!, naiveLayers: naiveCount,
                speedupVsNaive: value["speedupVsNaive"]!,
                sharedTimelineNsPerLayerFrame: value["sharedTimelineNsPerLayerFrame"], sharedTimelineObstacle: obstacle,
                streamNsPerLayerFrame: value["streamNsPerLayerFrame"]!, streamBytesPerLayerFrame: store.streamBytesPerLayer,
                ratioToStream: value["ratioToStream"]!, checksum: checksum, verification: verification)
            result.repeats = passes
            result.spread = spread
            result.frameMsPercentiles = frameMsPercentiles
            return result
        }
        let estimate = BudgetEstimate(rows: results.map { ($0.layers, $0.frameMs.p99) }, budgetMs: 1e3 * clock.nominalInterval)
        for index in results.indices { results[index].maxLayersInBudget = estimate.maxLayers }
        return results
    }

    /// One frame of `store`, chunked across `threads` with Dispatch.
    static func evaluate(_ store: LayerStore, frame: LayerFrame, threads: Int) {
        let chunks = max(1, min(threads, store.count))
        if chunks == 1 {
            store.evaluate(frame, layers: 0..<store.count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in store.evaluate(frame, chunk: chunk, of: chunks) }
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

    /// Median ns per layer per frame of the naive evaluator at the clock's times of `frames`.
    static func naiveCost(_ workload: Workload, limit: Int, frames: [Int]) -> (ns: Double, layers: Int) {
        let naive = NaiveEvaluator(workload: workload, limit: limit)
        var samples: [Double] = []
        var sink = 0.0
        for index in frames {
            let start = DispatchTime.now().uptimeNanoseconds
            sink += naive.evaluate(time: workload.clock.times[index - 1])
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        if sink.isNaN { samples.append(0) }
        return (samples.sorted()[samples.count / 2] / Double(max(naive.count, 1)), naive.count)
    }

    /// Median ns per layer per frame of another store (the shared timeline) over `frames`.
    static func storeCost(_ store: LayerStore, clock: FrameClock, frames: [Int], threads: Int) -> Double {
        var samples: [Double] = []
        for index in frames {
            let start = DispatchTime.now().uptimeNanoseconds
            evaluate(store, frame: clock.frame(index), threads: threads)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        return samples.sorted()[samples.count / 2] / Double(max(store.count, 1))
    }

    /// The stream bound: median ns per layer per frame of `LayerStore.stream` over `frames` passes, chunked like a
    /// frame; the store is reset afterwards.
    static func streamCost(_ store: LayerStore, frames: Int, threads: Int) -> Double {
        var samples: [Double] = []
        let chunks = max(1, min(threads, store.count))
        for _ in 1...max(frames, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            if chunks == 1 {
                store.stream(chunk: 0, of: 1)
            } else {
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    store.stream(chunk: chunk, of: chunks)
                }
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
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
