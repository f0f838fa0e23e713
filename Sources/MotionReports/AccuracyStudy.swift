import Dispatch
import MotionCore
import MotionReference
import MotionSupport

/// Error statistics of one strategy on one curve or spring (or overall). Every figure is finite: an error that is not
/// a finite `Double` (an output that is NaN or infinite, or a difference beyond the range) counts as
/// `greatestFiniteMagnitude`, and the mean is scaled where its sum could overflow (`FiniteStatistics`).
package struct ErrorStatistics: Sendable {
    /// Largest absolute error.
    package var maxAbsError: Double
    /// Mean absolute error.
    package var meanAbsError: Double
    /// 99th-percentile absolute error.
    package var p99AbsError: Double
    /// Points off by more than 1e-3.
    package var pointsOver1e3: Int
    /// Places where the output decreases while x increases (curves with y1, y2 in [0, 1] only; nil otherwise).
    package var monotonicityViolations: Int?
    /// Where the largest error is, for a searched curve: the input, the output there and the exact answer.
    package var worst: (input: Double, output: Double, exact: Double)? = nil
    /// The grid's own figures, when a search refined it (the figures above are then the worst the search found).
    package var grid: GridFigures? = nil
    /// What the search did, when one ran.
    package var search: SearchFigures? = nil

    /// Statistics of `errors` (absolute values; one that is not finite counts as `greatestFiniteMagnitude`).
    init(_ errors: [Double], monotonicityViolations: Int? = nil) {
        let errors = errors.map(FiniteStatistics.magnitude)
        let sorted = errors.sorted()
        maxAbsError = sorted.last ?? 0
        meanAbsError = FiniteStatistics.mean(errors)
        p99AbsError = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * 0.99))]
        pointsOver1e3 = errors.filter { $0 > 1e-3 }.count
        self.monotonicityViolations = monotonicityViolations
    }
}

/// A spring whose GSL reference could not be computed, so no strategy can be measured on it.
package struct ReferenceFailure: MotionBenchError, CustomStringConvertible {
    /// The spring's name in the report.
    package let spring: String
    /// Why.
    package let detail: String
    /// `the GSL reference for spring 'NAME' failed: DETAIL`.
    package var description: String { "the GSL reference for spring '\(spring)' failed: \(detail)" }
}

/// The measured accuracy and cost of every strategy against the GSL references.
package struct AccuracyReport: Sendable {
    /// One Bézier strategy's results.
    package struct BezierResult: Sendable {
        /// Strategy name.
        package var name: String
        /// Statistics over every curve and sample.
        package var overall: ErrorStatistics
        /// ns per evaluation, the mean of `perCurve`'s figures (each curve weighted equally).
        package var nsPerEval: Double
        /// Statistics per curve, in curve order, with the median ns per evaluation on that curve alone (the shared
        /// shuffled inputs, every strategy interleaved with the others in the same run: `SolverTiming`).
        package var perCurve: [(curve: String, statistics: ErrorStatistics, nsPerEval: Double)]
        /// Per curve, the largest error in each of `plotBins` equal x bins (for the log-error plot).
        package var binnedErrors: [[Double]]
    }

    /// One spring strategy's results.
    package struct SpringResult: Sendable {
        /// Strategy name.
        package var name: String
        /// Statistics over every spring and frame (errors in progress units at the real frame times).
        package var overall: ErrorStatistics
        /// Simulated seconds per real second (stepping strategies), nil for closed forms.
        package var clockDrift: Double?
        /// Mean ns per frame step (or per closed-form evaluation).
        package var nsPerStep: Double
        /// Statistics per spring, in spring order.
        package var perSpring: [(spring: String, statistics: ErrorStatistics)]
        /// Per spring, the progress at every frame (for the trajectory plots).
        package var trajectories: [[Double]]
        /// Per spring, |error| at every frame.
        package var errors: [[Double]]
    }

    /// Settling times of one spring by every definition.
    package struct Settling: Sendable {
        /// Spring name.
        package var spring: String
        /// Tolerance as a fraction of the distance.
        package var epsilon: Double
        /// Seconds by each definition, `nil` when it never settles.
        package var definitions: [(name: String, seconds: Double?)]
    }

    /// Evenly spaced inputs per curve: the grid every search starts from.
    package var samples: Int
    /// The search's budget beyond the grid.
    package var search: SearchBudget = .gridOnly
    /// The curves studied.
    package var curves: [(name: String, curve: CubicBezier)]
    /// Results per Bézier strategy.
    package var bezier: [BezierResult]
    /// Spring sampling rate in Hz.
    package var rateHz: Double
    /// Spring sampling duration in seconds.
    package var seconds: Double
    /// The springs studied.
    package var springs: [(name: String, spring: Spring)]
    /// Results per spring strategy.
    package var springResults: [SpringResult]
    /// The cost of each spring regime's closed form, MotionCore's beside WebKit's, measured in the same run.
    package var springRegimes: [SpringRegimeCost] = []
    /// Settling times per spring.
    package var settling: [Settling]
    /// The Bézier reference's own worst error against 80-bit Newton-polished values at a few points.
    package var bezierReferenceWorstError: Double
    /// The spring reference's (GSL rk8pd) worst error against the 80-bit closed form at every frame.
    package var springReferenceWorstError: Double
    /// Per spring, the reference progress at every frame.
    package var referenceTrajectories: [[Double]]
    /// Other implementations' samples (`accuracy --measured`) against the exact answers, when given.
    package var measured: MeasuredAccuracy? = nil
    /// ns per evaluation of implementations timed outside this process (engines, in their child), by implementation
    /// name (`NAME (engine)`) and spec as the measured samples write it.
    package var implementationTimings: [String: [String: Double]] = [:]
    /// MotionCore's own `steps()` and `linear()` on the functions the engines were searched on (empty without them).
    package var steppedFunctions: [SteppedFunctionStudy.Result] = []
    /// Bins of the log-error plot.
    package static let plotBins = 200
}

/// Runs the accuracy study.
package enum AccuracyStudy {
    /// The default curves: Apple's five presets and the hard curves.
    package static var defaultCurves: [(name: String, curve: CubicBezier)] {
        CubicBezier.applePresets + hardCurves
    }

    /// The `steps()` and `linear()` functions an engine is searched on beside the Béziers when `--curves` names a set
    /// (`presets`, `hard`, `all`): every step position, a count whose k/n are not doubles (3, 10), and `linear()` stops
    /// at percentages that are not doubles either (33.3 %, 70 %) or coincide (a jump). The in-repo strategies are Bézier
    /// solvers and do not run on them.
    package static let steppedFunctions: [(name: String, function: TimingFunction)] = literals {
        try ["steps(4, jump-start)", "steps(3, jump-end)", "steps(5, jump-both)", "steps(10, jump-none)", "step-end",
             "linear(0, 0.25, 1)", "linear(0, 0.4 33.3%, 0.6 70%, 1)", "linear(0, 0.5 50%, 0.8 50%, 1)"].map { spec in
            guard case .timingFunction(let function) = try MotionSpec(parsing: spec) else {
                throw InvalidParameterError(context: "steppedFunctions", parameter: "spec", value: spec,
                                            rule: "is not a timing function")
            }
            return (spec, function)
        }
    }

    /// The hard curves of the accuracy issue.
    package static let hardCurves: [(name: String, curve: CubicBezier)] = literals {
        [("(0.001,0,0.999,1)", try CubicBezier(x1: 0.001, y1: 0, x2: 0.999, y2: 1)),
         ("(0.99,0,0.01,1)", try CubicBezier(x1: 0.99, y1: 0, x2: 0.01, y2: 1)),
         ("(0,1,1,0)", try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)),
         ("(0.7,-0.5,0.3,1.5)", try CubicBezier(x1: 0.7, y1: -0.5, x2: 0.3, y2: 1.5)),
         ("(1,0,0,1)", try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)),
         ("(0.5,-1,0.5,2)", try CubicBezier(x1: 0.5, y1: -1, x2: 0.5, y2: 2))]
    }

    /// The default springs, each with v0 = 0 and v0 = 5.
    package static var defaultSprings: [(name: String, spring: Spring)] {
        literals {
            let base: [(String, Spring)] = [
                ("swiftui-default", try Spring.swiftUI(response: 0.55, dampingRatio: 0.825)),
                ("uikit-0.5-over-0.5s", try Spring.uikit(duration: 0.5, dampingRatio: 0.5)),
                ("critical", try Spring(mass: 1, stiffness: 100, damping: 20)),
                ("overdamped-2", try Spring(mass: 1, stiffness: 100, damping: 40)),
                ("near-critical-1e-7", try Spring(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-7))),
                ("stiff-k1000-c10", try Spring(mass: 1, stiffness: 1000, damping: 10)),
            ]
            return try base.flatMap { name, spring in
                [("\(name) v0=0", spring), ("\(name) v0=5", try spring.with(initialVelocity: 5))]
            }
        }
    }

    /// A table of constants built from literals.
    private static func literals<Table>(_ build: () throws -> Table) -> Table {
        // Cannot fail: every literal is inside its initialiser's rules, and the tests build both (WorstCaseSearchTests, DocumentedFigures).
        try! build()
    }

    /// Runs every strategy on `curves` (a worst-case search from `samples` evenly spaced inputs, within `search`) and `springs` (at `rate` Hz for `seconds`);
    /// each Bézier strategy is timed on `timedEvaluations` evaluations per round.
    package static func run(curves: [(name: String, curve: CubicBezier)], samples: Int, springs: [(name: String, spring: Spring)],
                           rate: Double, seconds: Double, search: SearchBudget = .accuracyDefault,
                           bezierStrategies: [BezierStrategy] = BezierStrategy.all(),
                           springStrategies: [SpringStrategy] = SpringStrategy.all,
                           timedEvaluations: Int = SolverTiming.evaluationsPerRound, progress: (String) -> Void = { _ in })
        throws(ReferenceFailure) -> AccuracyReport
    {
        let xs = WorstCaseSearch.evenGrid(samples)
        // The GSL reference on the grid, once per run, shared by every strategy; the search adds its own inputs.
        progress("GSL references for \(curves.count) curves × \(samples) samples")
        let specs = curves.map { MotionSpec.timingFunction(.cubicBezier($0.curve)) }
        let references = specs.map { WorstCaseSearch.exactAnswers($0, at: xs) }
        var bezierResults: [AccuracyReport.BezierResult] = []
        var evaluatorsPerStrategy: [[@Sendable (Double) -> Double]] = []
        // Every input the searches tried, per curve: where the reference's own error is measured.
        var searchedInputs = curves.map { _ in Set(xs) }
        for strategy in bezierStrategies {
            progress("bezier: \(strategy.name), searching \(curves.count) curves (\(search.rounds) rounds)")
            let evaluators = curves.map { strategy.make($0.curve) }
            evaluatorsPerStrategy.append(evaluators)
            let traces = searchAll(specs: specs, grid: xs, references: references, budget: search, evaluators: evaluators)
            for (index, trace) in traces.enumerated() { searchedInputs[index].formUnion(trace.samples.map(\.input)) }
            let perCurve = traces.map(ErrorStatistics.init)
            let gridErrors = traces.flatMap { $0.samples.filter { $0.round == 0 }.map(\.error) }
            let bins = traces.map { trace in
                var binned = [Double](repeating: 0, count: AccuracyReport.plotBins)
                for sample in trace.samples {
                    let bin = min(Int(sample.input * Double(AccuracyReport.plotBins)), AccuracyReport.plotBins - 1)
                    binned[bin] = max(binned[bin], sample.error)
                }
                return binned
            }
            bezierResults.append(.init(name: strategy.name, overall: ErrorStatistics(merging: perCurve, gridErrors: gridErrors),
                                       nsPerEval: 0, perCurve: zip(curves, perCurve).map { ($0.name, $1, 0) },
                                       binnedErrors: bins))
        }
        // Timed after every search, curve by curve: on each curve every strategy in interleaved rounds on the same
        // shuffled inputs, so that the ratios per curve are taken within one measurement.
        progress("bezier: timing \(bezierStrategies.count) strategies on \(curves.count) curves")
        let perCurveCost = SolverTiming.nanoseconds(
            groups: curves.indices.map { curve in evaluatorsPerStrategy.map { $0[curve] } }, inputs: SolverTiming.shuffledProgress,
            evaluationsPerRound: timedEvaluations)
        for strategy in bezierResults.indices {
            for curve in curves.indices { bezierResults[strategy].perCurve[curve].nsPerEval = perCurveCost[curve][strategy] }
            bezierResults[strategy].nsPerEval = curves.isEmpty ? 0
                : bezierResults[strategy].perCurve.reduce(0) { $0 + $1.nsPerEval } / Double(curves.count)
        }
        // Springs: the GSL rk8pd reference at every frame.
        let count = max(1, Int((rate * seconds).rounded()))
        let times = (1...count).map { Double($0) / rate }
        progress("GSL rk8pd references for \(springs.count) springs")
        var springReferences: [[Double]] = []
        for entry in springs {
            // Without a reference there is nothing to measure against: an error of 0 would be a false result.
            guard let samples = SpringReference.integrate(entry.spring, at: times) else {
                throw ReferenceFailure(spring: entry.name, detail: "GSL's rk8pd driver did not reach every frame "
                                       + "(too stiff for the reference integrator); leave this spring out")
            }
            springReferences.append(samples.map(\.progress))
        }
        var springFloor = 0.0
        for (index, entry) in springs.enumerated() {
            for (frame, time) in times.enumerated() where frame < springReferences[index].count {
                springFloor = max(springFloor, FiniteStatistics.error(
                    springReferences[index][frame], 1 - SpringReference.textbook(entry.spring, at: time).displacement))
            }
        }
        var springResults: [AccuracyReport.SpringResult] = []
        for strategy in springStrategies {
            progress("springs: \(strategy.name)")
            var all: [Double] = [], perSpring: [(String, ErrorStatistics)] = [], trajectories: [[Double]] = []
            var errorSeries: [[Double]] = [], drift = 0.0
            for (index, entry) in springs.enumerated() {
                let (values, simulated) = strategy.trajectory(entry.spring, rate, count)
                let errors = zip(values, springReferences[index]).map(FiniteStatistics.error)
                perSpring.append((entry.name, ErrorStatistics(errors)))
                all += errors
                trajectories.append(values)
                errorSeries.append(errors)
                drift = simulated / (Double(count) / rate)
            }
            let spring = springs.first?.spring ?? defaultSprings[0].spring
            let repeats = 20
            let start = DispatchTime.now().uptimeNanoseconds
            var sink = 0.0
            for _ in 0..<repeats { sink += strategy.trajectory(spring, rate, count).progress.last ?? 0 }
            let perStep = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(repeats * count) + (sink.isNaN ? 1 : 0)
            springResults.append(.init(name: strategy.name, overall: ErrorStatistics(all),
                                       clockDrift: strategy.isStepping ? drift : nil, nsPerStep: perStep,
                                       perSpring: perSpring, trajectories: trajectories, errors: errorSeries))
        }
        let settling = springs.map { entry in
            AccuracyReport.Settling(spring: entry.name, epsilon: 0.001, definitions: SettlingDefinition.allCases.map {
                ($0.rawValue, $0.settlingTime(of: entry.spring, distance: 100, frameRate: rate))
            })
        }
        progress("springs: timing \(SpringRegimeCost.regimes.count) regimes")
        return AccuracyReport(
            samples: samples, search: search, curves: curves, bezier: bezierResults, rateHz: rate, seconds: seconds, springs: springs,
            springResults: springResults, springRegimes: SpringRegimeCost.measure(seconds: seconds), settling: settling, bezierReferenceWorstError: bezierReferenceFloor(curves, inputs: searchedInputs),
            springReferenceWorstError: springFloor, referenceTrajectories: springReferences)
    }

    /// The Bézier reference's own worst error: the correctly rounded `CubicBezier.value(at:)` against the exact
    /// multi-precision path (`CubicBezier.exactValue(at:)`, which shares no step with the double-double fast path) at
    /// every input the searches tried on each curve and on the grid, at most `checkedInputs` per curve (evenly taken
    /// from the sorted inputs when there are more). 0 when every answer is the correctly rounded one.
    static func bezierReferenceFloor(_ curves: [(name: String, curve: CubicBezier)], inputs: [Set<Double>]) -> Double {
        let results = ParallelResults<Double>(count: curves.count)
        DispatchQueue.concurrentPerform(iterations: curves.count) { index in
            let curve = curves[index].curve
            let sorted = inputs[index].sorted()
            let stride = max(1, sorted.count / checkedInputs)
            var worst = 0.0
            for position in Swift.stride(from: 0, to: sorted.count, by: stride) {
                let x = sorted[position]
                worst = max(worst, FiniteStatistics.error(curve.value(at: x), curve.exactValue(at: x)))
            }
            results.set(index, .success(worst))
        }
        return curves.indices.map { (try? results.get($0)) ?? .infinity }.max() ?? 0
    }

    /// The most inputs per curve at which `bezierReferenceFloor` runs the exact path (about 50 µs each).
    static let checkedInputs = 1_000

    /// One search per curve for one strategy, the curves spread over the machine's cores (the evaluators and the GSL
    /// reference keep no shared state).
    static func searchAll(specs: [MotionSpec], grid: [Double], references: [[ExactValue]], budget: SearchBudget,
                          evaluators: [@Sendable (Double) -> Double]) -> [SearchTrace]
    {
        let results = ParallelResults<SearchTrace>(count: specs.count)
        DispatchQueue.concurrentPerform(iterations: specs.count) { index in
            results.set(index, .success(WorstCaseSearch.run(spec: specs[index], grid: grid, exactGrid: references[index],
                                                            budget: budget, evaluate: evaluators[index])))
        }
        return specs.indices.map { (try? results.get($0)) ?? SearchTrace(samples: [], inputsPerRound: [], monotone: false) }
    }
}
