import Benchmark
import Foundation

/// What every MotionBench package-benchmark shares: the metrics, the thresholds `baseline check` applies, and a way
/// to check those thresholds against a real slowdown.
public enum MotionBenchmarks {
    /// Thresholds per metric, set from A/A runs on the shared 2-core VM.
    ///
    /// - Time (wall clock, CPU): the first quartile of the samples may move 70% either way. Interference on a shared
    ///   VM only adds time, so a low quantile is the steadiest. Back-to-back A/A runs here moved medians by up to 59%,
    ///   so the package's default (5% on p25, p50 and p75) failed an immediate `baseline check` on identical code;
    ///   a 2× slowdown moved every benchmark by 75–160% and still fails.
    /// - Allocations: counted exactly, so the median and p90 must not change at all.
    public static var thresholds: [BenchmarkMetric: BenchmarkThresholds] {
        [
            .wallClock: BenchmarkThresholds(relative: [.p25: 70]),
            .cpuTotal: BenchmarkThresholds(relative: [.p25: 70]),
            .mallocCountTotal: BenchmarkThresholds(absolute: [.p50: 0, .p90: 0]),
        ]
    }

    /// The metrics every benchmark records.
    public static var metrics: [BenchmarkMetric] { [.wallClock, .cpuTotal, .mallocCountTotal] }

    /// A configuration with the shared metrics and thresholds. `scalingFactor` should keep one iteration at 1–50 ms,
    /// so that `maxDuration` yields dozens of samples.
    public static func configuration(timeUnits: BenchmarkTimeUnits = .nanoseconds, scalingFactor: BenchmarkScalingFactor = .one,
                                     warmupIterations: Int = 3, maxIterations: Int = 200) -> Benchmark.Configuration {
        .init(metrics: metrics, timeUnits: timeUnits, warmupIterations: warmupIterations, scalingFactor: scalingFactor,
              maxDuration: .seconds(2), maxIterations: maxIterations, thresholds: thresholds)
    }

    /// How many times each benchmark body runs per sample: 1, or `MOTIONBENCH_BENCHMARK_SLOWDOWN` (1…10) to check
    /// that the thresholds catch a real slowdown (`scripts/benchmark-thresholds.sh`).
    public static let slowdown: Int = {
        let value = ProcessInfo.processInfo.environment["MOTIONBENCH_BENCHMARK_SLOWDOWN"].flatMap { Int($0) } ?? 1
        return min(max(value, 1), 10)
    }()

    /// Registers `body` as the benchmark `name`, run `slowdown` times per sample.
    public static func register(_ name: String, configuration: Benchmark.Configuration? = nil,
                                _ body: @escaping (Benchmark) -> Void) {
        let repeats = slowdown
        let closure: (Benchmark) -> Void = { benchmark in
            for _ in 0..<repeats { body(benchmark) }
        }
        if let configuration {
            Benchmark(name, configuration: configuration, closure: closure)
        } else {
            Benchmark(name, closure: closure)
        }
    }
}
