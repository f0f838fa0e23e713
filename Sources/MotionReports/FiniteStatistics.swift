/// The arithmetic behind every accuracy statistic (`ErrorStatistics`, `MeasuredStatistics`, the port distances and
/// the error plots), arranged so that finite samples never give NaN or infinity: an error or ratio whose exact value
/// lies beyond the `Double` range is clamped to `greatestFiniteMagnitude` (the reports' documented limit), and sums
/// are scaled by a power of two taken from their largest term before they could overflow.
///
/// An answer that is itself not finite (a port whose power-form coefficients overflow, as the browsers' do, gives NaN)
/// has no finite error either; it counts as an error of `greatestFiniteMagnitude`, the largest a report can show, so
/// that it is never left out of the largest error, the percentiles or the points beyond a threshold.
enum FiniteStatistics {
    /// |a − b|, in the units of a and b; `greatestFiniteMagnitude` where that is not a finite `Double`: an operand that
    /// is NaN or infinite, or a difference beyond the range (answers of opposite signs, each beyond ±9e307).
    static func error(_ a: Double, _ b: Double) -> Double {
        let difference = abs(a - b)
        return difference.isFinite ? difference : .greatestFiniteMagnitude
    }

    /// `error` of a value already formed as a difference: |e|, or `greatestFiniteMagnitude` where e is not finite.
    static func magnitude(_ e: Double) -> Double {
        e.isFinite ? abs(e) : .greatestFiniteMagnitude
    }

    /// `numerator`/`denominator` for a non-negative count such as an error in ulps (both positive or the numerator 0),
    /// clamped to `greatestFiniteMagnitude` where the exact quotient lies beyond the range.
    static func ratio(_ numerator: Double, _ denominator: Double) -> Double {
        let quotient = numerator / denominator
        return quotient.isFinite ? quotient : .greatestFiniteMagnitude
    }

    /// The mean of `values` (finite and non-negative, as errors are; 0 for none): finite, whatever their size.
    /// Where the plain sum could overflow (the largest above `greatestFiniteMagnitude`/(2·count)) every term is first
    /// multiplied by 2^-e, e the largest's exponent, and the mean by 2^e afterwards: both exact, so the result has
    /// the plain sum's rounding. Otherwise the plain sum divided by the count, as before.
    static func mean(_ values: [Double]) -> Double {
        guard let largest = values.max() else { return 0 }
        let count = Double(values.count)
        guard largest > .greatestFiniteMagnitude / (2 * count) else { return values.reduce(0, +) / count }
        let (down, up) = powersOfTwo(largest)
        return Swift.min(values.reduce(0) { $0 + $1 * down } / count * up, largest)
    }

    /// The mean of `parts`' values weighted by their sample counts (values finite and non-negative; 0 when the counts
    /// add up to 0): finite, scaled as `mean` is where the plain sum could overflow.
    static func weightedMean(_ parts: [(value: Double, count: Int)]) -> Double {
        let total = parts.reduce(0) { $0 + $1.count }
        guard total > 0 else { return 0 }
        let largest = parts.filter { $0.count > 0 }.map(\.value).max() ?? 0
        guard largest > .greatestFiniteMagnitude / (2 * Double(total)) else {
            return parts.reduce(0) { $0 + $1.value * Double($1.count) } / Double(total)
        }
        let (down, up) = powersOfTwo(largest)
        let scaledSum = parts.reduce(0) { $0 + ($1.value * down) * Double($1.count) }
        return Swift.min(scaledSum / Double(total) * up, largest)
    }

    /// 2^-e and 2^e for e the exponent of `largest` (a normal number far above 1 here, so both are normal).
    static func powersOfTwo(_ largest: Double) -> (down: Double, up: Double) {
        let exponent = largest.exponent
        return (Double(sign: .plus, exponent: -exponent, significand: 1), Double(sign: .plus, exponent: exponent, significand: 1))
    }
}
