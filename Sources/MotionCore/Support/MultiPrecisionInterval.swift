import CMPFR

/// A closed interval [low, high] of `MultiPrecisionFloat` ends, every operation rounding its lower end down and its
/// upper end up, so that the exact result of the same operations on any real numbers inside the operands lies inside
/// the result: interval arithmetic for the correctly rounded slow paths whose answers are transcendental (springs).
/// The ends carry `precision` bits; cosine and sine enclose by the midpoint's value ± the half-width (both are
/// 1-Lipschitz) ± two ulps of the ends for MPFR's correctly rounded value.
struct MultiPrecisionInterval {
    typealias Number = MultiPrecisionFloat
    /// The lower end.
    let low: Number
    /// The upper end.
    let high: Number
    /// The working precision of results, in bits.
    let precision: Int

    /// The interval [low, high].
    init(low: Number, high: Number, precision: Int) {
        (self.low, self.high, self.precision) = (low, high, precision)
    }

    /// The exact point `value` (53 bits).
    init(_ value: Double, precision: Int) {
        let point = Number(value)
        self.init(low: point, high: point, precision: precision)
    }

    /// The exact point `value`.
    init(exactly value: Number, precision: Int) {
        self.init(low: value, high: value, precision: precision)
    }

    /// Applies a two-operand MPFR function with rounding `mode` into a new number.
    private func apply(_ a: Number, _ b: Number, _ mode: mpfr_rnd_t,
                       _ function: (mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t) -> Int32) -> Number {
        let result = Number(precision: precision)
        _ = function(result.pointer, a.pointer, b.pointer, mode)
        return result
    }

    /// Applies a one-operand MPFR function with rounding `mode` into a new number.
    private func apply(_ a: Number, _ mode: mpfr_rnd_t, _ function: (mpfr_ptr, mpfr_srcptr, mpfr_rnd_t) -> Int32)
        -> Number
    {
        let result = Number(precision: precision)
        _ = function(result.pointer, a.pointer, mode)
        return result
    }

    /// lhs + rhs. (Named methods, not operators: internal operator overloads slow the type checking of every
    /// arithmetic expression in a `@testable` importer.)
    static func sum(_ lhs: Self, _ rhs: Self) -> Self {
        Self(low: lhs.apply(lhs.low, rhs.low, MPFR_RNDD, mpfr_add), high: lhs.apply(lhs.high, rhs.high, MPFR_RNDU, mpfr_add),
             precision: lhs.precision)
    }

    /// lhs − rhs.
    static func difference(_ lhs: Self, _ rhs: Self) -> Self {
        Self(low: lhs.apply(lhs.low, rhs.high, MPFR_RNDD, mpfr_sub), high: lhs.apply(lhs.high, rhs.low, MPFR_RNDU, mpfr_sub),
             precision: lhs.precision)
    }

    /// −operand.
    static func negation(_ operand: Self) -> Self {
        Self(low: operand.apply(operand.high, MPFR_RNDD, mpfr_neg), high: operand.apply(operand.low, MPFR_RNDU, mpfr_neg),
             precision: operand.precision)
    }

    /// The smallest and largest of four corner values, each rounded down and up.
    private func corners(_ rhs: Self, _ function: (mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t) -> Int32) -> Self {
        var lowest: Number? = nil, highest: Number? = nil
        for a in [low, high] {
            for b in [rhs.low, rhs.high] {
                let down = apply(a, b, MPFR_RNDD, function), up = apply(a, b, MPFR_RNDU, function)
                if lowest == nil || down.compare(lowest!) < 0 { lowest = down }
                if highest == nil || up.compare(highest!) > 0 { highest = up }
            }
        }
        return Self(low: lowest!, high: highest!, precision: precision)
    }

    /// lhs·rhs.
    static func product(_ lhs: Self, _ rhs: Self) -> Self { lhs.corners(rhs, mpfr_mul) }

    /// lhs/rhs, for a divisor that does not contain 0 (nil where it does).
    static func quotient(_ lhs: Self, _ rhs: Self) -> Self? {
        guard rhs.low.sign > 0 || rhs.high.sign < 0 else { return nil }
        return lhs.corners(rhs, mpfr_div)
    }

    /// e^x (increasing).
    var exp: Self {
        Self(low: apply(low, MPFR_RNDD, mpfr_exp), high: apply(high, MPFR_RNDU, mpfr_exp), precision: precision)
    }

    /// √x (increasing), for an interval that does not go below 0 (nil where it does).
    var squareRoot: Self? {
        guard low.sign >= 0 else { return nil }
        return Self(low: apply(low, MPFR_RNDD, mpfr_sqrt), high: apply(high, MPFR_RNDU, mpfr_sqrt), precision: precision)
    }

    /// An enclosure of f over the interval for a 1-Lipschitz f (cosine, sine): f(midpoint) ± (half-width + 1 ulp).
    private func lipschitz(_ function: (mpfr_ptr, mpfr_srcptr, mpfr_rnd_t) -> Int32) -> Self {
        let sum = apply(low, high, MPFR_RNDN, mpfr_add)
        let midpoint = Number.exactScaled(sum, -1)
        let value = apply(midpoint, MPFR_RNDN, function)
        // Half-width, rounded up, from the midpoint to the farther end.
        let toLow = apply(midpoint, low, MPFR_RNDU, mpfr_sub), toHigh = apply(high, midpoint, MPFR_RNDU, mpfr_sub)
        let radius = toLow.compare(toHigh) > 0 ? toLow : toHigh
        let lower = apply(value, radius, MPFR_RNDD, mpfr_sub), upper = apply(value, radius, MPFR_RNDU, mpfr_add)
        // MPFR's value is within half an ulp; two ulps of the ends cover it even where an end lies a binade lower.
        for _ in 0..<2 {
            mpfr_nextbelow(lower.pointer)
            mpfr_nextabove(upper.pointer)
        }
        return Self(low: lower, high: upper, precision: precision)
    }

    /// An enclosure of cos over the interval.
    var cosine: Self { lipschitz(mpfr_cos) }
    /// An enclosure of sin over the interval.
    var sine: Self { lipschitz(mpfr_sin) }

    /// The double that every number in the interval rounds to (ties to even), or nil where two doubles share it. Zeros
    /// count by sign: a negative value below the smallest double rounds to −0, so an interval around 0 decides nothing.
    var nearestDouble: Double? {
        let a = low.nearestDouble, b = high.nearestDouble
        return a.bitPattern == b.bitPattern ? a : nil
    }
}
