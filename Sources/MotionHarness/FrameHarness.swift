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
    /// Frame rate in Hz (sets the frame interval and the budget).
    public var rateHz: Double
    /// Median frame time divided by the layer count, in nanoseconds.
    public var nsPerLayerFrame: Double
    /// Frame-time percentiles in milliseconds: p50, p90, p99, max.
    public var frameMs: (p50: Double, p90: Double, p99: Double, max: Double)
    /// p99 frame time as a fraction of the frame budget (1/rate).
    public var budgetFractionP99: Double
    /// The largest layer count whose p99 frame fits the budget, at this cost per layer.
    public var maxLayersInBudget: Int
    /// Bytes of state per layer (begin frame + two outputs).
    public var bytesPerLayer: Int
    /// Peak resident memory of the process so far, in bytes.
    public var peakRSSBytes: Int
    /// The naive evaluator's median cost per layer per frame, in ns (measured on `naiveLayers` layers).
    public var naiveNsPerLayerFrame: Double
    /// Layers the naive evaluator ran (at most 100,000; its cost is scaled per layer).
    public var naiveLayers: Int
    /// naive / batch cost per layer.
    public var speedupVsNaive: Double
    /// The memory-traffic bound: reading the state and writing the outputs once, in ns per layer per frame.
    public var streamNsPerLayerFrame: Double
    /// batch / stream cost per layer.
    public var ratioToStream: Double
    /// Sum of every output after the last frame (the work cannot be optimised away; equal across thread counts).
    public var checksum: Double
    /// With --verify: layers × frames compared with the scalar path, and the largest difference.
    public var verification: (samples: Int, maxError: Double)?
}

/// The frame loop: builds each layer count's workload, times every frame, and measures the naive evaluator and the
/// stream bound in the same run.
public enum FrameHarness {
    /// Run options.
    public struct Options: Sendable {
        /// The workload.
        public var scenario: Scenario
        /// Layer counts to run.
        public var layerCounts: [Int]
        /// Frames per layer count (≥ 1).
        public var frames: Int
        /// Frame rate in Hz.
        public var rate: Double
        /// Threads for the batch evaluator (≥ 1).
        public var threads: Int
        /// Compare the batch outputs with the scalar path during the run.
        public var verify: Bool
        /// Largest layer count the naive evaluator runs.
        public var naiveLayerLimit = 100_000
        /// Frames the naive evaluator and the stream bound are timed for (medians).
        public var comparisonFrames = 24

        /// Options for a run.
        public init(scenario: Scenario, layerCounts: [Int], frames: Int, rate: Double, threads: Int, verify: Bool) {
            (self.scenario, self.layerCounts, self.frames, self.rate, self.threads, self.verify) =
                (scenario, layerCounts, frames, rate, threads, verify)
        }
    }

    /// Largest allowed |batch − scalar| in --verify.
    public static let verifyTolerance = 1e-12

    /// Runs every layer count; `progress` receives a status line now and then.
    public static func run(_ options: Options, progress: (String) -> Void = { _ in }) -> [HarnessResult] {
        var naiveCache: [Int: (Double, Int)] = [:]
        return options.layerCounts.map { count in
            progress("\(options.scenario.name): building \(count) layers")
            let workload = Workload(scenario: options.scenario, count: count, rate: options.rate, frames: options.frames)
            let store = workload.store
            // Warm up (caches, page faults), then start from frame 0 again.
            for frame in 1...min(3, options.frames) { evaluate(store, frame: frame, threads: options.threads) }
            store.reset()
            var histogram = Histogram<UInt64>(highestTrackableValue: 3_600_000_000_000, numberOfSignificantValueDigits: .three)
            var frameNanoseconds: [UInt64] = []
            frameNanoseconds.reserveCapacity(options.frames)
            var verification: (samples: Int, maxError: Double)? = options.verify ? (0, 0) : nil
            let verifyFrames = Set([1, max(1, options.frames / 2), options.frames])
            for frame in 1...options.frames {
                let start = DispatchTime.now().uptimeNanoseconds
                evaluate(store, frame: frame, threads: options.threads)
                let elapsed = DispatchTime.now().uptimeNanoseconds - start
                frameNanoseconds.append(elapsed)
                _ = histogram.record(max(elapsed, 1))
                if options.verify, verifyFrames.contains(frame) {
                    let (samples, error) = verify(workload, frame: frame)
                    verification = (verification!.samples + samples, max(verification!.maxError, error))
                }
                if frame % 60 == 0 { progress("\(options.scenario.name): \(count) layers, frame \(frame)/\(options.frames)") }
            }
            let checksum = (0..<store.count).reduce(0.0) { $0 + store.firstOutputs[$1] + store.secondOutputs[$1] }
            let median = Double(frameNanoseconds.sorted()[frameNanoseconds.count / 2])
            let nsPerLayer = median / Double(max(count, 1))
            let naiveCount = min(count, options.naiveLayerLimit)
            let naive: (Double, Int)
            if let cached = naiveCache[naiveCount] {
                naive = cached
            } else {
                progress("\(options.scenario.name): naive evaluator on \(naiveCount) layers")
                naive = (naiveCost(workload, limit: naiveCount, frames: options.comparisonFrames), naiveCount)
                naiveCache[naiveCount] = naive
            }
            let stream = streamCost(store, frames: options.comparisonFrames, threads: options.threads)
            let budget = 1e9 / options.rate
            let p99 = Double(histogram.valueAtPercentile(99))
            return HarnessResult(
                scenario: options.scenario.name, layers: count, threads: options.threads, frames: options.frames,
                rateHz: options.rate, nsPerLayerFrame: nsPerLayer,
                frameMs: (Double(histogram.valueAtPercentile(50)) / 1e6, Double(histogram.valueAtPercentile(90)) / 1e6,
                          p99 / 1e6, Double(histogram.max) / 1e6),
                budgetFractionP99: p99 / budget,
                maxLayersInBudget: p99 > 0 ? Int(budget / (p99 / Double(max(count, 1)))) : 0,
                bytesPerLayer: LayerStore.bytesPerLayer, peakRSSBytes: peakResidentBytes(),
                naiveNsPerLayerFrame: naive.0, naiveLayers: naive.1, speedupVsNaive: naive.0 / nsPerLayer,
                streamNsPerLayerFrame: stream, ratioToStream: nsPerLayer / stream, checksum: checksum,
                verification: verification)
        }
    }

    /// One frame of the batch evaluator, chunked across `threads` with Dispatch.
    static func evaluate(_ store: LayerStore, frame: Int, threads: Int) {
        let chunks = max(1, min(threads, store.count))
        if chunks == 1 {
            store.evaluate(frame: frame, layers: 0..<store.count)
            return
        }
        let size = (store.count + chunks - 1) / chunks
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let lower = chunk * size, upper = min(store.count, lower + size)
            if lower < upper { store.evaluate(frame: frame, layers: lower..<upper) }
        }
    }

    /// Compares every layer (up to 20,000, spread evenly) with the scalar path; returns samples and largest error.
    static func verify(_ workload: Workload, frame: Int) -> (Int, Double) {
        let store = workload.store
        let step = max(1, store.count / 20_000)
        var worst = 0.0, samples = 0
        for index in stride(from: 0, to: store.count, by: step) {
            let (first, second) = workload.expectedOutputs(layer: index, frame: frame)
            let error = max(abs(first - store.firstOutputs[index]), abs(second - store.secondOutputs[index]))
            worst = max(worst, error.isNaN ? .infinity : error)
            samples += 1
        }
        return (samples, worst)
    }

    /// Median ns per layer per frame of the naive evaluator over `frames` frames.
    static func naiveCost(_ workload: Workload, limit: Int, frames: Int) -> Double {
        let naive = NaiveEvaluator(workload: workload, limit: limit)
        var samples: [Double] = []
        var sink = 0.0
        for frame in 1...max(frames, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            sink += naive.evaluate(time: Double(frame) * workload.interval)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        if sink.isNaN { samples.append(0) }
        return samples.sorted()[samples.count / 2] / Double(max(naive.count, 1))
    }

    /// The stream bound: per frame, read each layer's state once and write its outputs once, with no arithmetic
    /// beyond a conversion (timeline runs read the begin frame and write both outputs; spring runs also read their
    /// outputs back). Median ns per layer per frame; the store is reset afterwards.
    static func streamCost(_ store: LayerStore, frames: Int, threads: Int) -> Double {
        var samples: [Double] = []
        for _ in 1...max(frames, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let chunks = max(1, min(threads, store.count))
            let size = (store.count + chunks - 1) / chunks
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let lower = chunk * size, upper = min(store.count, lower + size)
                if lower < upper { stream(store, layers: lower..<upper) }
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
        }
        store.reset()
        return samples.sorted()[samples.count / 2] / Double(max(store.count, 1))
    }

    static func stream(_ store: LayerStore, layers range: Range<Int>) {
        let begin = store.beginFrames.baseAddress!, first = store.firstOutputs.baseAddress!
        let second = store.secondOutputs.baseAddress!
        for run in store.runs {
            let lower = max(run.start, range.lowerBound), upper = min(run.start + run.count, range.upperBound)
            guard lower < upper else { continue }
            if case .spring = store.programs[run.program] {
                for i in lower..<upper {
                    let b = Double(begin[i])
                    first[i] = first[i] + b
                    second[i] = second[i] + b
                }
            } else {
                for i in lower..<upper {
                    let b = Double(begin[i])
                    first[i] = b
                    second[i] = b
                }
            }
        }
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
