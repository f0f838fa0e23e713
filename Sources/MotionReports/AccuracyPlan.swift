import MotionCore
import MotionHarness

/// What one `accuracy` run measures, every option already resolved: the curves and springs the in-repo strategies run
/// on, the grid and search budget, another implementation's samples already read, and the engines whose easing is
/// searched on the same curves (`AccuracyRun.run`).
package struct AccuracyPlan: Sendable {
    /// The Bézier curves every strategy and engine is searched on, under the names the report gives them.
    package var curves: [(name: String, curve: CubicBezier)]
    /// Evenly spaced inputs (progress in [0, 1]) per curve: the search's grid.
    package var samples: Int
    /// The springs every spring strategy runs, under the names the report gives them.
    package var springs: [(name: String, spring: Spring)]
    /// Spring sampling rate, in Hz.
    package var rate: Double
    /// Spring sampling duration, in seconds.
    package var seconds: Double
    /// The worst-case search's rounds after the grid (0 rounds: the grid alone).
    package var search: SearchBudget
    /// Other implementations' outputs already read (`--measured`), compared with the exact answers.
    package var measured = MeasuredSampleSet()
    /// The files `measured` was read from, in the order given (the report names them).
    package var measuredFiles: [String] = []
    /// The engines under test whose easing is searched on `curves` and `engineFunctions`, in the order given, each in
    /// its own child processes.
    package var engines: [EngineEasingProbe.Request] = []
    /// The `steps()` and `linear()` functions the engines are searched on after `curves` (the in-repo strategies are
    /// Bézier solvers and do not run on them), under the names the report gives them.
    package var engineFunctions: [(name: String, function: TimingFunction)] = []

    /// A plan with no measured samples and no engine.
    package init(curves: [(name: String, curve: CubicBezier)], samples: Int, springs: [(name: String, spring: Spring)],
                 rate: Double, seconds: Double, search: SearchBudget) {
        (self.curves, self.samples, self.springs) = (curves, samples, springs)
        (self.rate, self.seconds, self.search) = (rate, seconds, search)
    }
}
