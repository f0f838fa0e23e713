/// The gate's decision rules, as pure functions of measurements (so that tests can feed them recorded or synthetic
/// samples).
package enum GateDecision {
    /// A verdict.
    package enum Verdict: String, Sendable, Comparable {
        case pass = "PASS"
        case warn = "WARN"
        case inconclusive = "INCONCLUSIVE"
        case fail = "FAIL"

        /// Severity order: pass < warn < inconclusive < fail.
        package static func < (lhs: Verdict, rhs: Verdict) -> Bool {
            func severity(_ verdict: Verdict) -> Int {
                switch verdict {
                case .pass: 0
                case .warn: 1
                case .inconclusive: 2
                case .fail: 3
                }
            }
            return severity(lhs) < severity(rhs)
        }

        /// The exit code for an overall verdict: 0 pass (and warn), 1 regression, 3 inconclusive.
        package var exitCode: Int32 {
            switch self {
            case .pass, .warn: 0
            case .fail: 1
            case .inconclusive: 3
            }
        }
    }

    /// Warnings start at this relative increase in instructions (0.5%).
    package static let warningThreshold = 0.005

    /// Instruction mode: FAIL above `maxIncrease` (a fraction, 0.02 = 2%), WARN from 0.5% to it, else PASS.
    package static func instructions(baseline: UInt64, current: UInt64, maxIncrease: Double) -> (change: Double, verdict: Verdict) {
        instructions(baselineRate: Double(baseline), currentRate: Double(current), maxIncrease: maxIncrease)
    }

    /// The same decision on instructions per unit of work (per layer-frame, where a run's layers or frames differ from
    /// the baseline's): the change is current/baseline − 1, whatever the unit.
    package static func instructions(baselineRate baseline: Double, currentRate current: Double, maxIncrease: Double)
        -> (change: Double, verdict: Verdict)
    {
        let change = baseline == 0 ? (current == 0 ? 0 : .infinity) : (current - baseline) / baseline
        if change > maxIncrease { return (change, .fail) }
        if change >= warningThreshold { return (change, .warn) }
        return (change, .pass)
    }

    /// Summary of paired ratios r = this / base per round.
    package struct RatioSummary: Sendable, Hashable {
        /// Median of r.
        package let median: Double
        /// Interquartile range of r (third quartile − first quartile).
        package let interquartileRange: Double
        /// Rounds.
        package let count: Int
    }

    /// Median and interquartile range (quartiles by linear interpolation between order statistics).
    package static func summarize(_ ratios: [Double]) -> RatioSummary {
        let sorted = ratios.sorted()
        func quantile(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down)), upper = min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        return RatioSummary(median: quantile(0.5), interquartileRange: quantile(0.75) - quantile(0.25), count: sorted.count)
    }

    /// A distribution-free confidence interval on the median of paired ratios: order statistics x₍m₎ … x₍n−m+1₎,
    /// with m the largest rank whose binomial tail P(Bin(n, ½) ≤ m − 1) is at most (1 − confidence)/2. It assumes only
    /// that rounds are independent, not that the noise is normal (on a shared VM it is skewed: interference only adds
    /// time).
    package struct MedianInterval: Sendable, Hashable {
        /// Median, first quartile to third quartile spread, and rounds.
        package let summary: RatioSummary
        /// Lower end, or nil while there are too few rounds for the confidence (8 at 99%).
        package let lower: Double?
        /// Upper end, or nil while there are too few rounds.
        package let upper: Double?
        /// The interval's confidence (0.99).
        package let confidence: Double
    }

    /// Confidence of the sequential timing rule's interval on the median ratio.
    package static let timingConfidence = 0.99

    /// The interval on the median of `ratios` at `confidence` (see `MedianInterval`).
    package static func medianInterval(_ ratios: [Double], confidence: Double = timingConfidence) -> MedianInterval {
        let sorted = ratios.sorted(), n = sorted.count
        let tail = (1 - confidence) / 2
        // P(Bin(n, 1/2) ≤ j), accumulated term by term (n ≤ 1000 keeps 2^−n a normal Double).
        var term = n > 1000 ? 0 : Double(sign: .plus, exponent: -n, significand: 1), cumulative = term, rank = 0
        for j in 0..<(n / 2) {
            guard cumulative <= tail else { break }
            rank = j + 1
            term *= Double(n - j) / Double(j + 1)
            cumulative += term
        }
        let summary = summarize(ratios)
        guard rank >= 1 else { return MedianInterval(summary: summary, lower: nil, upper: nil, confidence: confidence) }
        return MedianInterval(summary: summary, lower: sorted[rank - 1], upper: sorted[n - rank], confidence: confidence)
    }

    /// The sequential paired-timing rule, applied after every round: PASS once the whole interval on the median ratio
    /// this/base lies at or below 1 + maxIncrease, FAIL once it lies wholly above, nil (keep measuring) while it
    /// contains the threshold or there are too few rounds. When the time budget ends first the answer is INCONCLUSIVE,
    /// never a guess.
    package static func sequential(ratios: [Double], maxIncrease: Double, confidence: Double = timingConfidence)
        -> (interval: MedianInterval, verdict: Verdict?, reason: String)
    {
        let interval = medianInterval(ratios, confidence: confidence)
        let limit = 1 + maxIncrease
        let percent = String(format: "%.0f%%", confidence * 100)
        guard let lower = interval.lower, let upper = interval.upper else {
            return (interval, nil, "\(ratios.count) rounds are too few for a \(percent) interval")
        }
        let range = String(format: "[%.4f, %.4f]", lower, upper)
        if upper <= limit { return (interval, .pass, "\(percent) interval \(range) at or below \(limit)") }
        if lower > limit { return (interval, .fail, "\(percent) interval \(range) above \(limit)") }
        return (interval, nil, "\(percent) interval \(range) contains \(limit)")
    }
}
