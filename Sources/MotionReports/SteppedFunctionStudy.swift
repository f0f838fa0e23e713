import MotionCore

/// MotionCore's own `steps()` and `linear()` (`TimingFunction.value(at:)`, correctly rounded) on the functions the
/// engines are searched on, by the same search and grid, so that the implementation table's `motionbench` column has
/// a figure on those rows too, timed as the Bézier strategies are (`SolverTiming`).
package enum SteppedFunctionStudy {
    /// One function's figures: its name in the report, the search's trace and ns per evaluation.
    package struct Result: Sendable {
        /// The name the function was given (`--curves`, or its spec text).
        package var name: String
        /// The function.
        package var function: TimingFunction
        /// Every input the search tried, with MotionCore's output and the exact answer.
        package var trace: SearchTrace
        /// ns per `value(at:)`, the median of `SolverTiming.rounds` rounds on `SolverTiming.shuffledProgress`.
        package var nsPerEval: Double
    }

    /// MotionCore on each of `functions`: the worst-case search from `samples` even inputs within `budget`, then the
    /// cost per evaluation.
    package static func run(_ functions: [(name: String, function: TimingFunction)], samples: Int,
                            budget: SearchBudget) -> [Result] {
        let grid = WorstCaseSearch.evenGrid(samples)
        let evaluators: [@Sendable (Double) -> Double] = functions.map { entry in
            let function = entry.function
            return { function.value(at: $0) }
        }
        let times = SolverTiming.nanoseconds(groups: [evaluators], inputs: SolverTiming.shuffledProgress).first ?? []
        return functions.enumerated().map { index, entry in
            let trace = WorstCaseSearch.run(spec: .timingFunction(entry.function), grid: grid, budget: budget,
                                            evaluate: evaluators[index])
            return Result(name: entry.name, function: entry.function, trace: trace,
                          nsPerEval: index < times.count ? times[index] : .nan)
        }
    }
}
