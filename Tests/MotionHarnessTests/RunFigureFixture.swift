@testable import MotionHarness

/// The fixed runs of `RunFigureOutputTests`, built field by field.
enum RunFigureFixture {
    static func runs(quiet: FrameNoise, flagged: FrameNoise) -> [(name: String, results: [HarnessResult])] {
        var first = HarnessResult(
            scenario: "mixed", layers: 1000, threads: 2, frames: 120, clock: "120 Hz", rateHz: 120, nsPerLayerFrame: 12.5,
            activeShare: 0.75, nsPerActiveLayerFrame: 12.5 / 0.75, frameMs: (p50: 0.0125, p90: 0.014, p99: 0.02, max: 0.031),
            budgetFractionP99: 0.02 / 8.333, maxLayersInBudget: 400_000, bytesPerLayer: 212, peakRSSBytes: 52_428_800,
            naiveNsPerLayerFrame: 180.25, naiveLayers: 1000, speedupVsNaive: 14.42, sharedTimelineNsPerLayerFrame: 3.5,
            sharedTimelineObstacle: nil, streamNsPerLayerFrame: 1.25, streamBytesPerLayerFrame: 96, ratioToStream: 10,
            checksum: 1234.5, verification: nil)
        first.repeats = 3
        first.frameMsPercentiles = [0.01, 0.02]
        first.spread = ["nsPerLayerFrame": 12...13.25, "frameMsP50": 0.012...0.013, "frameMsP90": 0.0135...0.0145,
                        "frameMsP99": 0.019...0.0215, "frameMsMax": 0.03...0.033, "naiveNsPerLayerFrame": 179...182,
                        "speedupVsNaive": 13.9...15, "sharedTimelineNsPerLayerFrame": 3.25...3.75,
                        "streamNsPerLayerFrame": 1.2...1.3, "ratioToStream": 9.5...10.5]
        first.noise = quiet
        var second = HarnessResult(
            scenario: "mixed", layers: 100_000, threads: 2, frames: 120, clock: "120 Hz", rateHz: 120, nsPerLayerFrame: 9.75,
            activeShare: 0, nsPerActiveLayerFrame: .infinity, frameMs: (p50: 0.975, p90: 1.01, p99: 1.25, max: 2.5),
            budgetFractionP99: 1.25 / 8.333, maxLayersInBudget: 400_000, bytesPerLayer: 212, peakRSSBytes: 104_857_600,
            naiveNsPerLayerFrame: 150.5, naiveLayers: 100_000, speedupVsNaive: 15.44, sharedTimelineNsPerLayerFrame: 2.75,
            sharedTimelineObstacle: nil, streamNsPerLayerFrame: .nan, streamBytesPerLayerFrame: 96, ratioToStream: .nan,
            checksum: -0.5, verification: nil)
        second.repeats = 3
        second.spread = ["nsPerLayerFrame": 9.5...10, "frameMsP50": 0.95...1, "frameMsP90": 1...1.02,
                         "frameMsP99": 1.2...1.3, "frameMsMax": 2.25...2.75, "naiveNsPerLayerFrame": 150...151,
                         "speedupVsNaive": 15...16, "sharedTimelineNsPerLayerFrame": 2.5...3,
                         "streamNsPerLayerFrame": 10...11, "ratioToStream": 0.9...1]
        second.noise = quiet
        var disturbed = HarnessResult(
            scenario: "fade", layers: 500, threads: 1, frames: 30, clock: "vrr 48–120 Hz", rateHz: 60, nsPerLayerFrame: 20,
            activeShare: 0.5, nsPerActiveLayerFrame: 40, frameMs: (p50: 0.01, p90: 0.02, p99: 2.5, max: 2.5),
            budgetFractionP99: 2.5 / 16.667, maxLayersInBudget: nil, bytesPerLayer: 180, peakRSSBytes: 31_457_280,
            naiveNsPerLayerFrame: 200, naiveLayers: 500, speedupVsNaive: 10, sharedTimelineNsPerLayerFrame: nil,
            sharedTimelineObstacle: "the clock is not fixed-rate", streamNsPerLayerFrame: 2, streamBytesPerLayerFrame: 64,
            ratioToStream: 10, checksum: 7, verification: (samples: 640, maxError: 2.5e-7))
        disturbed.noise = flagged
        return [("repeated", [first, second]), ("disturbed", [disturbed])]
    }
}
