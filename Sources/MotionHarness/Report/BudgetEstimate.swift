/// How many layers fit in one frame, estimated once for a whole run from every row, so that each row reports the same
/// figure and none contradicts a measured row.
///
/// The p99 frame time is fitted as `intercept + slope × layers` by least squares over all rows (the intercept absorbs
/// fixed per-frame costs such as handing a frame to threads; the largest rows set the slope); a fit whose intercept
/// comes out negative is redone through the origin. A capacity is reported only within the measured range: when a row
/// overran the budget, the estimate is the layer count where the line meets the budget, clamped so that it is at least
/// the largest row that fitted and below the smallest row that did not; when every row fitted, the line is not
/// extrapolated past the rows, and the estimate is the largest row, marked as a lower bound (`isLowerBound`). With one
/// row (or a fit whose slope is not positive) the largest measured cost per layer at p99 is used instead of the line.
public struct BudgetEstimate: Sendable, Equatable {
    /// The estimated largest layer count whose p99 frame time fits the budget; with `isLowerBound`, the largest row
    /// measured (every row fitted, so the limit lies at or beyond it).
    public let maxLayers: Int
    /// Whether `maxLayers` is only a lower bound: every row fitted the budget, and none was measured past it.
    public let isLowerBound: Bool
    /// Fitted fixed cost per frame, in milliseconds (0 without a line fit).
    public let interceptMs: Double
    /// Fitted cost per layer at p99, in nanoseconds.
    public let slopeNs: Double

    /// The estimate from `(layers, p99 frame time in ms)` rows against a budget of `budgetMs` milliseconds.
    public init(rows: [(layers: Int, p99Ms: Double)], budgetMs: Double) {
        let usable = rows.filter { $0.layers > 0 && $0.p99Ms.isFinite && $0.p99Ms > 0 }
        guard !usable.isEmpty, budgetMs > 0 else {
            (maxLayers, interceptMs, slopeNs, isLowerBound) = (0, 0, 0, false)
            return
        }
        var intercept = 0.0, slope = usable.map { $0.p99Ms / Double($0.layers) }.reduce(0, max)
        if Set(usable.map(\.layers)).count >= 2 {
            let n = Double(usable.count)
            let meanX = usable.reduce(0) { $0 + Double($1.layers) } / n, meanY = usable.reduce(0) { $0 + $1.p99Ms } / n
            let sxx = usable.reduce(0) { $0 + (Double($1.layers) - meanX) * (Double($1.layers) - meanX) }
            let sxy = usable.reduce(0) { $0 + (Double($1.layers) - meanX) * ($1.p99Ms - meanY) }
            let fitted = sxy / sxx
            if fitted > 0, fitted.isFinite { (slope, intercept) = (fitted, meanY - fitted * meanX) }
            if intercept < 0 {
                // A negative fixed cost per frame is not physical (noise on the small rows): fit through the origin.
                let sxyOrigin = usable.reduce(0) { $0 + Double($1.layers) * $1.p99Ms }
                let sxxOrigin = usable.reduce(0) { $0 + Double($1.layers) * Double($1.layers) }
                (slope, intercept) = (sxyOrigin / sxxOrigin, 0)
            }
        }
        var estimate = max(budgetMs - intercept, 0) / slope
        // Consistency with the measured rows, and no count beyond them.
        let fitting = usable.filter { $0.p99Ms <= budgetMs }.map(\.layers).max() ?? 0
        let overrunning = usable.filter { $0.p99Ms > budgetMs }.map(\.layers).min()
        if let overrunning, fitting < overrunning {
            estimate = min(max(estimate, Double(fitting)), Double(overrunning) - 1)
        }
        isLowerBound = overrunning == nil
        maxLayers = isLowerBound ? fitting : Int(min(estimate.rounded(.down), 1e15))
        (interceptMs, slopeNs) = (intercept, slope * 1e6)
    }
}
