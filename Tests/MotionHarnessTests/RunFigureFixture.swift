@testable import MotionHarness

/// The fixed runs of `RunFigureOutputTests`, built field by field.
enum RunFigureFixture {
    /// Two runs: `repeated` (two rows of three passes) and `disturbed` (one row of one pass); see `RunFigureOutputTests`.
    static func runs(quiet: FrameNoise, flagged: FrameNoise) -> [(name: String, results: [HarnessResult])] {
        var first = HarnessResult(
            scenario: "mixed", layers: 1000, threads: 2, frames: 120, clock: "120 Hz", rateHz: 120,
            nsPerLayerFrame: Timed(median: 12.5, range: 12...13.25), activeShare: 0.75, nsPerActiveLayerFrame: 12.5 / 0.75,
            frameMs: FrameTimes(p50: Timed(median: 0.0125, range: 0.012...0.013), p90: Timed(median: 0.014, range: 0.0135...0.0145),
                                p99: Timed(median: 0.02, range: 0.019...0.0215), max: Timed(median: 0.031, range: 0.03...0.033)),
            budgetFractionP99: 0.02 / 8.333, maxLayersInBudget: 400_000, bytesPerLayer: 212, peakRSSBytes: 52_428_800,
            naiveNsPerLayerFrame: Timed(median: 180.25, range: 179...182), naiveLayers: 1000,
            speedupVsNaive: Timed(median: 14.42, range: 13.9...15),
            sharedTimelineNsPerLayerFrame: Timed(median: 3.5, range: 3.25...3.75), sharedTimelineObstacle: nil,
            streamNsPerLayerFrame: Timed(median: 1.25, range: 1.2...1.3), streamBytesPerLayerFrame: 96,
            ratioToStream: Timed(median: 10, range: 9.5...10.5), checksum: 1234.5, verification: nil)
        first.repeats = 3
        first.frameMsPercentiles = [0.01, 0.02]
        first.noise = quiet
        var second = HarnessResult(
            scenario: "mixed", layers: 100_000, threads: 2, frames: 120, clock: "120 Hz", rateHz: 120,
            nsPerLayerFrame: Timed(median: 9.75, range: 9.5...10), activeShare: 0, nsPerActiveLayerFrame: .infinity,
            frameMs: FrameTimes(p50: Timed(median: 0.975, range: 0.95...1), p90: Timed(median: 1.01, range: 1...1.02),
                                p99: Timed(median: 1.25, range: 1.2...1.3), max: Timed(median: 2.5, range: 2.25...2.75)),
            budgetFractionP99: 1.25 / 8.333, maxLayersInBudget: 400_000, bytesPerLayer: 212, peakRSSBytes: 104_857_600,
            naiveNsPerLayerFrame: Timed(median: 150.5, range: 150...151), naiveLayers: 100_000,
            speedupVsNaive: Timed(median: 15.44, range: 15...16),
            sharedTimelineNsPerLayerFrame: Timed(median: 2.75, range: 2.5...3), sharedTimelineObstacle: nil,
            streamNsPerLayerFrame: Timed(median: .nan, range: 10...11), streamBytesPerLayerFrame: 96,
            ratioToStream: Timed(median: .nan, range: 0.9...1), checksum: -0.5, verification: nil)
        second.repeats = 3
        second.noise = quiet
        var disturbed = HarnessResult(
            scenario: "fade", layers: 500, threads: 1, frames: 30, clock: "vrr 48–120 Hz", rateHz: 60,
            nsPerLayerFrame: Timed(median: 20), activeShare: 0.5, nsPerActiveLayerFrame: 40,
            frameMs: FrameTimes(p50: Timed(median: 0.01), p90: Timed(median: 0.02), p99: Timed(median: 2.5), max: Timed(median: 2.5)),
            budgetFractionP99: 2.5 / 16.667, maxLayersInBudget: nil, bytesPerLayer: 180, peakRSSBytes: 31_457_280,
            naiveNsPerLayerFrame: Timed(median: 200), naiveLayers: 500, speedupVsNaive: Timed(median: 10),
            sharedTimelineNsPerLayerFrame: nil, sharedTimelineObstacle: "the clock is not fixed-rate",
            streamNsPerLayerFrame: Timed(median: 2), streamBytesPerLayerFrame: 64, ratioToStream: Timed(median: 10),
            checksum: 7, verification: (samples: 640, maxError: 2.5e-7))
        disturbed.noise = flagged
        return [("repeated", [first, second]), ("disturbed", [disturbed])]
    }
}
