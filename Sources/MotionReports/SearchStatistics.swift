/// The figures of the even grid a worst-case search started from.
package struct GridFigures: Sendable, Equatable {
    /// Inputs in the grid.
    package var samples: Int
    /// Largest absolute error on the grid.
    package var maxAbsError: Double
    /// Decreases between consecutive grid inputs; nil when the exact function is not monotone.
    package var monotonicityViolations: Int?
}

/// What a worst-case search did beyond its grid.
package struct SearchFigures: Sendable, Equatable {
    /// Refinement rounds run after the grid.
    package var rounds: Int
    /// Inputs tried in all, the grid's included.
    package var samples: Int
    /// The round that found the largest error (0: the grid).
    package var worstRound: Int
}

extension ErrorStatistics {
    /// The statistics of one search: the largest error, where it is, and the monotonicity violations over every input
    /// tried; the mean, the 99th percentile and the points beyond 1e-3 over the grid alone (an even sample, so that
    /// they still estimate shares of the input range; the search crowds its inputs where errors are large).
    init(_ trace: SearchTrace) {
        let gridErrors = trace.samples.filter { $0.round == 0 }.map(\.error)
        self.init(gridErrors, monotonicityViolations: trace.decreases())
        let worstSample = trace.worst
        maxAbsError = max(maxAbsError, worstSample?.error ?? 0)
        worst = worstSample.map { ($0.input, $0.output, $0.exact) }
        grid = GridFigures(samples: gridErrors.count, maxAbsError: gridErrors.max() ?? 0,
                           monotonicityViolations: trace.decreases(gridOnly: true))
        search = SearchFigures(rounds: max(0, trace.inputsPerRound.count - 1), samples: trace.samples.count,
                               worstRound: worstSample?.round ?? 0)
    }

    /// The statistics over several searched curves: the largest error and its place from the worst part, violations
    /// summed where any part counts them, and the grid figures of every part's grid errors `gridErrors` together.
    init(merging parts: [ErrorStatistics], gridErrors: [Double]) {
        let counted = parts.compactMap(\.monotonicityViolations)
        self.init(gridErrors, monotonicityViolations: counted.isEmpty ? nil : counted.reduce(0, +))
        let worstPart = parts.max { $0.maxAbsError < $1.maxAbsError }
        maxAbsError = max(maxAbsError, worstPart?.maxAbsError ?? 0)
        worst = worstPart?.worst
        let grids = parts.compactMap(\.grid), searches = parts.compactMap(\.search)
        guard !grids.isEmpty else { return }
        let gridCounted = grids.compactMap(\.monotonicityViolations)
        grid = GridFigures(samples: grids.reduce(0) { $0 + $1.samples }, maxAbsError: grids.map(\.maxAbsError).max() ?? 0,
                           monotonicityViolations: gridCounted.isEmpty ? nil : gridCounted.reduce(0, +))
        search = SearchFigures(rounds: searches.map(\.rounds).max() ?? 0, samples: searches.reduce(0) { $0 + $1.samples },
                               worstRound: worstPart?.search?.worstRound ?? 0)
    }
}
