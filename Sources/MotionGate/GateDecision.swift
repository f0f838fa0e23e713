import MotionHarness
import MotionSupport
/// The gate's decision rules, as pure functions of measurements (so that tests can feed them recorded or synthetic
/// samples).
public enum GateDecision {
    /// A verdict.
    public enum Verdict: String, Sendable, Comparable {
        case pass = "PASS"
        case warn = "WARN"
        case inconclusive = "INCONCLUSIVE"
        case fail = "FAIL"

        /// Severity order: pass < warn < inconclusive < fail.
        public static func < (lhs: Verdict, rhs: Verdict) -> Bool {
            let order: [Verdict] = [.pass, .warn, .inconclusive, .fail]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }

        /// The exit code for an overall verdict: 0 pass (and warn), 1 regression, 3 inconclusive.
        public var exitCode: Int32 {
            switch self {
            case .pass, .warn: 0
            case .fail: 1
            case .inconclusive: 3
            }
        }
    }

    /// Warnings start at this relative increase in instructions (0.5%).
    public static let warningThreshold = 0.005
    /// Paired timing: an interquartile range of the ratios at or above this is too noisy to decide.
    public static let maximumRatioSpread = 0.10

    /// Instruction mode: FAIL above `maxIncrease` (a fraction, 0.02 = 2%), WARN from 0.5% to it, else PASS.
    public static func instructions(baseline: UInt64, current: UInt64, maxIncrease: Double) -> (change: Double, verdict: Verdict) {
        let change = baseline == 0 ? (current == 0 ? 0 : .infinity) : (Double(current) - Double(baseline)) / Double(baseline)
        if change > maxIncrease { return (change, .fail) }
        if change >= warningThreshold { return (change, .warn) }
        return (change, .pass)
    }

    /// Summary of paired ratios r = this / base per round.
    public struct RatioSummary: Sendable, Hashable {
        /// Median of r.
        public let median: Double
        /// Interquartile range of r (third quartile − first quartile).
        public let interquartileRange: Double
        /// Rounds.
        public let count: Int
    }

    /// Median and interquartile range (quartiles by linear interpolation between order statistics).
    public static func summarize(_ ratios: [Double]) -> RatioSummary {
        let sorted = ratios.sorted()
        func quantile(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        return RatioSummary(median: quantile(0.5), interquartileRange: quantile(0.75) - quantile(0.25), count: sorted.count)
    }

    /// Paired mode: INCONCLUSIVE when the spread is too wide (IQR ≥ 0.10) or the machine was overloaded at the start
    /// (load average above the core count); FAIL when median(r) > 1 + maxIncrease; else PASS.
    public static func paired(ratios: [Double], maxIncrease: Double, loadAverage: Double = 0, cores: Int = .max)
        -> (summary: RatioSummary, verdict: Verdict, reason: String)
    {
        let summary = summarize(ratios)
        if loadAverage > Double(cores) {
            return (summary, .inconclusive, "load average \(loadAverage) exceeds \(cores) cores at the start")
        }
        if !(summary.interquartileRange < maximumRatioSpread) {
            return (summary, .inconclusive, "ratios too spread to decide (IQR \(summary.interquartileRange) ≥ \(maximumRatioSpread))")
        }
        if summary.median > 1 + maxIncrease {
            return (summary, .fail, "median ratio \(summary.median) > \(1 + maxIncrease)")
        }
        return (summary, .pass, "median ratio \(summary.median) ≤ \(1 + maxIncrease)")
    }
}
