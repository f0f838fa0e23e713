/// The CSS Easing 2 `linear(...)` timing function: a piecewise-linear curve through control points.
///
/// Inputs are kept as the percentages CSS uses, so printing and parsing round-trip exactly. Missing inputs are
/// filled in by the CSS rules when the function is created.
public struct LinearEasing: TimingCurve, Hashable, CustomStringConvertible {
    /// One control point: an output and the input at which it is reached, in percent.
    public struct Stop: Sendable, Hashable {
        /// Output progress at this stop.
        public var output: Double
        /// Input progress in percent (50 means input 0.5); `nil` before the CSS fill-in rules run.
        public var inputPercent: Double?

        /// A stop with `output` reached at `inputPercent` (or an input to be filled in).
        public init(output: Double, inputPercent: Double? = nil) {
            self.output = output
            self.inputPercent = inputPercent
        }
    }

    /// The resolved control points: every input present and non-decreasing.
    public let stops: [(output: Double, inputPercent: Double)]

    /// The identity `linear(0, 1)` (the CSS `linear` keyword).
    public static let identity = LinearEasing(resolved: [(0, 0), (1, 100)])

    /// Creates `linear(stops...)`, filling in inputs by CSS Easing 2: the first stop's missing input is 0%, the last's
    /// is max(100%, largest given); each input is raised to the largest before it; runs of missing inputs are spread
    /// evenly between their neighbours. A filled-in input is the double nearest its percentage (33.333333333333336
    /// for a third), and the easing is exact for the stops as resolved. A single stop (allowed since the CSS Working
    /// Group's resolution on csswg-drafts issue 10580) is a constant: it is kept twice at its input, as
    /// `linear(0.5 50%, 0.5 50%)` for `linear(0.5 50%)`, so every output is its output.
    /// - Throws: `InvalidParameterError` for no stops or a non-finite value.
    public init(stops given: [Stop]) throws(InvalidParameterError) {
        guard !given.isEmpty else {
            throw InvalidParameterError(
                context: "linear", parameter: "stops", value: String(given.count), rule: "must be at least 1")
        }
        for (index, stop) in given.enumerated() {
            try requireFinite(stop.output, "output \(index + 1)", in: "linear")
            if let input = stop.inputPercent { try requireFinite(input, "input \(index + 1)", in: "linear") }
        }
        if given.count == 1 {
            let stop = (output: given[0].output, inputPercent: given[0].inputPercent ?? 0)
            self.init(resolved: [stop, stop])
            return
        }
        var inputs = given.map(\.inputPercent)
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil {
            inputs[inputs.count - 1] = max(100, inputs.compactMap { $0 }.max() ?? 100)
        }
        var largest = -Double.infinity
        for index in inputs.indices {
            if let input = inputs[index] {
                largest = max(largest, input)
                inputs[index] = largest
            }
        }
        var index = 1
        while index < inputs.count {
            guard inputs[index] == nil else {
                index += 1
                continue
            }
            let runStart = index - 1
            var runEnd = index
            while inputs[runEnd] == nil { runEnd += 1 }
            // Both ends are known: runStart is the entry before the first nil, runEnd the first non-nil after it (the
            // last input is always given), so neither unwrap can fail; nor the one below, once every gap is filled.
            let from = inputs[runStart]!, to = inputs[runEnd]!
            for filled in (runStart + 1)..<runEnd {
                inputs[filled] = from + (to - from) * Double(filled - runStart) / Double(runEnd - runStart)
            }
            index = runEnd + 1
        }
        self.init(resolved: zip(given, inputs).map { ($0.output, $1!) })
    }

    private init(resolved: [(output: Double, inputPercent: Double)]) {
        stops = resolved
    }

    /// The output at `progress`, correctly rounded: linear interpolation through the two stops around it (the stops'
    /// inputs are their percentages over 100, exactly), extrapolating along the first or last segment outside the
    /// stops' range. With stops (A, y_a), (B, y_b) in percent, the exact value is
    /// y_a + (y_b − y_a)·(100·x − A)/(B − A); the result is the double nearest it, ties to even: a stop's output
    /// where the segment is flat or x is on a stop exactly; else a double-double evaluation with an error bound and a
    /// rounding test; where that cannot decide (exact ties, exact zeros), an exact comparison with the candidate
    /// (`ProductSumSign`); and exact multi-precision arithmetic where neither can (magnitudes beyond 2^900, or a width,
    /// distance or fraction small enough for a rounding error to underflow). NaN passes through.
    @inline(never)
    public func value(at progress: Double) -> Double {
        if progress.isNaN { return progress }
        let (first, second) = segment(at: progress)
        if first.inputPercent == second.inputPercent { return second.output }
        // Where the answer is a stop's output exactly, no arithmetic: a flat segment (the rise is 0), and an input on a
        // stop (100x = A or B exactly: a layer waiting at 0 or done at 1). The rounding test cannot certify these (an
        // exact 0 has no relative margin), so without this they would take the exact comparison.
        if first.output == second.output { return first.output + 0 }
        if Self.compare(first.inputPercent, toScaled: progress) == 0 { return first.output + 0 }
        if Self.compare(second.inputPercent, toScaled: progress) == 0 { return second.output + 0 }
        guard let (result, bound) = Self.doubleDoubleInterpolation(first, second, at: progress) else {
            return Self.exactInterpolated(first, second, at: progress)
        }
        if let rounded = BezierRefinement.roundsTo(result, within: bound) { return rounded }
        if let decided = Self.nearerNeighbour(result, within: bound, first, second, at: progress) { return decided }
        return Self.exactInterpolated(first, second, at: progress)
    }

    /// y_a + (y_b − y_a)·(100x − A)/(B − A) in double-double arithmetic (normalized) and a bound on its error, or nil
    /// where a magnitude leaves the range where the bound holds: every magnitude below 2^900, and no product whose
    /// rounding error underflows (100x, B − A and 100x − A zero or at least 2^-800, and the fraction (100x − A)/(B − A)
    /// zero or at least 2^-899). Below that an error lost to underflow is absolute, up to 2^-1074, and is no longer
    /// small beside a tiny width: stops 10^-318 % apart missed the nearest double by one unit without the floor.
    @inline(__always)
    static func doubleDoubleInterpolation(_ a: (output: Double, inputPercent: Double),
                                          _ b: (output: Double, inputPercent: Double),
                                          at x: Double) -> (result: DoubleDouble, bound: Double)? {
        // The largest magnitude (no array: this runs on every evaluation).
        let largest = max(max(abs(a.output), abs(b.output)), max(max(abs(a.inputPercent), abs(b.inputPercent)), abs(100 * x)))
        guard largest < 0x1p900 else { return nil }
        // 100·x − A and B − A exactly (up to the low part's rounding, 2^-106 relative).
        let distance = DoubleDouble.product(100, x) + (-a.inputPercent)
        let width = DoubleDouble.sum(b.inputPercent, -a.inputPercent)
        let scaled = abs(100 * x), along = abs(distance.high), across = abs(width.high)
        guard scaled == 0 || scaled >= 0x1p-800, across >= 0x1p-800,
              along == 0 || (along >= 0x1p-800 && along >= 0x1p-899 * across) else { return nil }
        // fraction = distance/width to about 2^-100 relative: a quotient, its remainder, a correction.
        let q0 = distance.high / width.high
        let remainder = distance + (-(width * q0))
        let fraction = DoubleDouble.fastSum(q0, (remainder.high + remainder.low) / (width.high + width.low))
        let rise = DoubleDouble.sum(b.output, -a.output)
        let result = (rise * fraction + a.output).normalized
        let scale = abs(a.output) + abs(rise.high) * abs(fraction.high)
        return (result, 0x1p-96 * scale + 0x1p-1000)
    }

    /// Where the rounding test fails, the result is a double the bound's absolute floor cannot certify (an exact 0
    /// inside a segment, as at x = 0.5 on `linear(-1, 1)`), or lies within `bound` of the midpoint m between two
    /// doubles (most often exactly on it: `linear(0, 0.25 20%, …)` gives 1.25·x, a tie for about one random input in
    /// five). The exact
    /// value y_a + (y_b − y_a)·(100x − A)/(B − A) is compared with the candidate exactly (`signAgainst`): the double
    /// itself where it is exact, else the neighbour on the exact value's side of m, the even one on a tie. Nil where a
    /// factor leaves the range that keeps the comparison exact, where `bound` is not far below the neighbours'
    /// spacing, or where a double result is not exact (then the multi-precision path decides).
    @inline(never)
    static func nearerNeighbour(_ result: DoubleDouble, within bound: Double,
                                _ a: (output: Double, inputPercent: Double), _ b: (output: Double, inputPercent: Double),
                                at x: Double) -> Double? {
        let d = result.high
        guard d.isFinite else { return nil }
        if result.low == 0 { return signAgainst(d, 0, a, b, at: x) == 0 ? d : nil }
        let (lower, upper) = result.low > 0 ? (d, d.nextUp) : (d.nextDown, d)
        let half = (upper - lower) / 2
        // m = lower + half exactly; the true value lies within 2·bound of m, so between the two neighbours.
        guard upper.isFinite, lower.isFinite, 8 * bound < half, let side = signAgainst(lower, half, a, b, at: x) else {
            return nil
        }
        if side > 0 { return upper }
        if side < 0 { return lower }
        return lower.significandBitPattern & 1 == 0 ? lower : upper
    }

    /// The sign of the exact interpolation at `x` minus m = `m1` + `m2`, decided exactly: the sign of
    /// S = y_a·W + R·D − m·W times that of W, with W = B − A, R = y_b − y_a and D = 100x − A, each split exactly into
    /// doubles (W and R by two-sum, D as the two-sum of fl(100x) − A plus the product's rounding error), so S is a sum
    /// of at most 12 products of doubles, summed by `ProductSumSign` with the zero ones left out (round stops make most
    /// low parts 0: 4 or 5 products). Nil where a nonzero factor leaves its exact range.
    static func signAgainst(_ m1: Double, _ m2: Double,
                            _ a: (output: Double, inputPercent: Double), _ b: (output: Double, inputPercent: Double),
                            at x: Double) -> Int? {
        let scaled = DoubleDouble.product(100, x)
        let width = DoubleDouble.sum(b.inputPercent, -a.inputPercent)
        let rise = DoubleDouble.sum(b.output, -a.output)
        let along = DoubleDouble.sum(scaled.high, -a.inputPercent)
        let admitted = ProductSumSign.admits(a.output) && ProductSumSign.admits(width.high)
            && ProductSumSign.admits(width.low) && ProductSumSign.admits(rise.high) && ProductSumSign.admits(rise.low)
            && ProductSumSign.admits(along.high) && ProductSumSign.admits(along.low) && ProductSumSign.admits(scaled.low)
            && ProductSumSign.admits(m1) && ProductSumSign.admits(m2)
        guard admitted else { return nil }
        var sum = ProductSumSign()
        // y_a·W
        sum.add(product: a.output, width.high)
        sum.add(product: a.output, width.low)
        // R·D, D = along.high + along.low + scaled.low (no arrays: this runs on every tie)
        sum.add(product: rise.high, along.high)
        sum.add(product: rise.high, along.low)
        sum.add(product: rise.high, scaled.low)
        sum.add(product: rise.low, along.high)
        sum.add(product: rise.low, along.low)
        sum.add(product: rise.low, scaled.low)
        // −m·W
        sum.add(product: -m1, width.high)
        sum.add(product: -m1, width.low)
        sum.add(product: -m2, width.high)
        sum.add(product: -m2, width.low)
        return sum.sign * (width.high > 0 ? 1 : -1)
    }

    /// The double nearest the exact interpolation (`MultiPrecisionFloat`).
    @inline(never)
    static func exactInterpolated(_ a: (output: Double, inputPercent: Double),
                                  _ b: (output: Double, inputPercent: Double), at x: Double) -> Double {
        typealias Number = MultiPrecisionFloat
        let (ya, yb, pa, pb) = (Number(a.output), Number(b.output), Number(a.inputPercent), Number(b.inputPercent))
        let width = Number.exactDifference(pb, pa)
        let distance = Number.exactDifference(Number.exactProduct(Number(100.0), Number(x)), pa)
        let numerator = Number.exactSum(Number.exactProduct(ya, width),
                                        Number.exactProduct(Number.exactDifference(yb, ya), distance))
        return Number.nearestDouble(quotient: numerator, width)
    }

    /// The slope d(output)/d(input) of the segment containing `progress` (the segment `value(at:)` interpolates on),
    /// correctly rounded: 100·(y_b − y_a)/(B − A) for stops at A % and B %, the exact quotient rounded once (0 on a
    /// vertical jump or a flat segment; ±infinity where the exact slope lies beyond the `Double` range).
    public func slope(at progress: Double) -> Double {
        let (first, second) = segment(at: progress)
        if first.inputPercent == second.inputPercent || first.output == second.output { return 0 }
        typealias Number = MultiPrecisionFloat
        let rise = Number.exactProduct(Number(100.0), Number.exactDifference(Number(second.output), Number(first.output)))
        return Number.nearestDouble(quotient: rise, Number.exactDifference(Number(second.inputPercent),
                                                                           Number(first.inputPercent)))
    }

    /// The two stops that bracket `progress` by the CSS rule.
    private func segment(at progress: Double) -> ((output: Double, inputPercent: Double),
                                                    (output: Double, inputPercent: Double)) {
        // The last stop with inputPercent/100 ≤ progress (the first where none is), decided exactly:
        // inputPercent − 100·progress ≤ 0 (a rounded 70/100 ≤ 0.7 would put the double below 0.7 past the stop at 70%).
        // The inputs never decrease, so the stops that pass form a prefix: a binary search, log₂ of the stop count
        // exact comparisons rather than one per stop (a spring approximated by `linear()` has dozens of stops).
        var index = 0
        var low = 0, high = stops.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if Self.compare(stops[middle].inputPercent, toScaled: progress) <= 0 {
                index = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        if index == stops.count - 1 { index -= 1 }
        return (stops[index], stops[index + 1])
    }

    /// The sign of `inputPercent` − 100·`progress`, decided exactly (−1, 0 or 1), for a non-NaN `progress`.
    ///
    /// With s = fl(100·progress): if A < s then A < 100·progress, since the doubles are at least one spacing apart
    /// and s is within half the spacing on its side of the exact product (an overflow to ±∞ keeps the order too); the
    /// same for A > s. Only A = s needs the product's rounding error, whose sign Dekker's product gives exactly where
    /// s lies in [2^-900, 2^900] (no split overflows, no partial product underflows), and `ExactSum` elsewhere.
    @inline(__always)
    static func compare(_ inputPercent: Double, toScaled progress: Double) -> Int {
        let scaled = 100 * progress
        if inputPercent < scaled { return -1 }
        if inputPercent > scaled { return 1 }
        return -productErrorSign(progress, scaled: scaled)
    }

    /// The sign of 100·`progress` − `scaled` (exactly), where `scaled` is the rounded product.
    @inline(never)
    static func productErrorSign(_ progress: Double, scaled: Double) -> Int {
        if scaled == 0 { return 0 }  // only progress ±0 gives a rounded 0 (100 times the least subnormal is not 0)
        if abs(scaled) >= 0x1p-900, abs(scaled) <= 0x1p900 {
            let low = DoubleDouble.product(100, progress).low
            return low > 0 ? 1 : (low < 0 ? -1 : 0)
        }
        var error = ExactSum(-scaled)
        error.add(product: 100, progress)
        return error.sign
    }

    /// `linear(o1 i1%, o2 i2%, ...)`, or `linear` for the identity.
    public var description: String {
        if self == .identity { return "linear" }
        let items = stops.map { "\(formatSpecNumber($0.output)) \(formatSpecNumber($0.inputPercent))%" }
        return "linear(\(items.joined(separator: ", ")))"
    }

    /// Equal when the resolved stops are equal.
    public static func == (lhs: LinearEasing, rhs: LinearEasing) -> Bool {
        lhs.stops.count == rhs.stops.count
            && zip(lhs.stops, rhs.stops).allSatisfy { $0.output == $1.output && $0.inputPercent == $1.inputPercent }
    }

    /// Hashes the resolved stops.
    public func hash(into hasher: inout Hasher) {
        for stop in stops {
            hasher.combine(stop.output)
            hasher.combine(stop.inputPercent)
        }
    }
}
