import Dispatch
import Foundation
import Histogram
import MotionCore
import MotionEngine

extension FrameHarness {
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
        package var engines: [EngineChildSession] = []
        /// Swift engines under test, created and measured in this process (a Swift team's own engine through the
        /// `AnimationEngine` protocol), after the engines in child processes.
        public var inProcessEngines: [EngineFactory] = []

        /// Options for a run.
        public init(scenario: Scenario, layerCounts: [Int], clock: FrameClock, threads: Int, verify: Bool) {
            (self.scenario, self.layerCounts, self.clock, self.threads, self.verify) = (scenario, layerCounts, clock, threads, verify)
        }
    }
}
