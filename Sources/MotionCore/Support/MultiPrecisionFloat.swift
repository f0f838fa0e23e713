import CMPFR

/// A binary floating-point number of any precision (an MPFR number), for MotionCore's exact and correctly rounded slow
/// paths: sums and products of dyadic numbers held exactly (`exactSum`, `exactProduct` size their result so that MPFR
/// rounds nothing, and check MPFR's ternary result), quotients and roundings with MPFR's correct rounding, and
/// `nearestDouble`, the double nearest the value (ties to even), subnormals included.
///
/// Slow (a heap allocation per value): used only where a fast path's rounding test fails, and by references.
@usableFromInline
final class MultiPrecisionFloat {
    /// The MPFR number.
    let pointer: UnsafeMutablePointer<__mpfr_struct>

    /// A number of `precision` bits (at least 2), set to zero.
    init(precision: Int) {
        pointer = .allocate(capacity: 1)
        mpfr_init2(pointer, mpfr_prec_t(Swift.max(precision, 2)))
        mpfr_set_zero(pointer, 1)
    }

    /// `value`, exactly (53 bits).
    convenience init(_ value: Double) {
        self.init(precision: 53)
        mpfr_set_d(pointer, value, MPFR_RNDN)
    }

    /// The integer `value`, exactly (64 bits).
    convenience init(integer value: Int) {
        self.init(precision: 64)
        mpfr_set_si(pointer, value, MPFR_RNDN)
    }

    deinit {
        mpfr_clear(pointer)
        pointer.deallocate()
    }

    /// The number's precision in bits.
    var precision: Int { Int(mpfr_get_prec(pointer)) }
    /// Whether the value is zero.
    var isZero: Bool { mpfr_zero_p(pointer) != 0 }
    /// −1, 0 or +1.
    var sign: Int { Int(mpfr_sgn(pointer)).signum() }
    /// The exponent e with the value in [2^(e−1), 2^e) in magnitude (only for a finite nonzero value: MPFR asserts on
    /// zero, NaN and the infinities).
    var exponent: Int { Int(mpfr_get_exp(pointer)) }
    /// The exponent of the last bit the precision holds: every value of this number is a multiple of 2^(that).
    var lowestBitExponent: Int { exponent - precision }

    /// The precision that holds `a` + `b` exactly.
    private static func sumPrecision(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat) -> Int {
        if a.isZero { return b.precision }
        if b.isZero { return a.precision }
        let top = Swift.max(a.exponent, b.exponent) + 1
        let bottom = Swift.min(a.lowestBitExponent, b.lowestBitExponent)
        return top - bottom + 1
    }

    /// `operation`(a, b) at `precision` bits, which must hold it exactly (MPFR's ternary result says so).
    private static func exact(_ operation: Operation, _ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat,
                              precision: Int, _ name: StaticString) -> MultiPrecisionFloat {
        let result = MultiPrecisionFloat(precision: precision)
        let inexact = operation(result.pointer, a.pointer, b.pointer, MPFR_RNDN)
        precondition(inexact == 0, "MultiPrecisionFloat.\(name) rounded")
        return result
    }

    /// a + b, exactly.
    static func exactSum(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat) -> MultiPrecisionFloat {
        exact(mpfr_add, a, b, precision: sumPrecision(a, b), "exactSum")
    }

    /// a − b, exactly.
    static func exactDifference(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat) -> MultiPrecisionFloat {
        exact(mpfr_sub, a, b, precision: sumPrecision(a, b), "exactDifference")
    }

    /// a·b, exactly.
    static func exactProduct(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat) -> MultiPrecisionFloat {
        exact(mpfr_mul, a, b, precision: a.precision + b.precision, "exactProduct")
    }

    /// a·2^k, exactly.
    static func exactScaled(_ a: MultiPrecisionFloat, _ k: Int) -> MultiPrecisionFloat {
        let result = MultiPrecisionFloat(precision: a.precision)
        mpfr_mul_2si(result.pointer, a.pointer, k, MPFR_RNDN)
        return result
    }

    /// How an operation rounds.
    enum Rounding {
        /// To nearest, ties to even.
        case nearest
        /// Toward −∞.
        case down
        /// Toward +∞.
        case up

        var mode: mpfr_rnd_t {
            switch self {
            case .nearest: MPFR_RNDN
            case .down: MPFR_RNDD
            case .up: MPFR_RNDU
            }
        }
    }

    /// An MPFR operation of two operands (`mpfr_add`, `mpfr_sub`, `mpfr_mul`, `mpfr_div`).
    typealias Operation = (mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t) -> Int32

    /// `operation`(a, b) rounded to `precision` bits.
    private static func rounded(_ operation: Operation, _ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat,
                                precision: Int, rounding: Rounding) -> MultiPrecisionFloat {
        let result = MultiPrecisionFloat(precision: precision)
        _ = operation(result.pointer, a.pointer, b.pointer, rounding.mode)
        return result
    }

    /// a + b rounded to `precision` bits.
    static func sum(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat, precision: Int,
                    rounding: Rounding = .nearest) -> MultiPrecisionFloat {
        rounded(mpfr_add, a, b, precision: precision, rounding: rounding)
    }

    /// a − b rounded to `precision` bits.
    static func difference(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat, precision: Int,
                           rounding: Rounding = .nearest) -> MultiPrecisionFloat {
        rounded(mpfr_sub, a, b, precision: precision, rounding: rounding)
    }

    /// a·b rounded to `precision` bits.
    static func product(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat, precision: Int,
                        rounding: Rounding = .nearest) -> MultiPrecisionFloat {
        rounded(mpfr_mul, a, b, precision: precision, rounding: rounding)
    }

    /// a/b rounded to `precision` bits (b nonzero).
    static func quotient(_ a: MultiPrecisionFloat, _ b: MultiPrecisionFloat, precision: Int,
                         rounding: Rounding = .nearest) -> MultiPrecisionFloat {
        rounded(mpfr_div, a, b, precision: precision, rounding: rounding)
    }

    /// |a| rounded up to `precision` bits.
    static func magnitude(_ a: MultiPrecisionFloat, precision: Int = 64) -> MultiPrecisionFloat {
        let result = MultiPrecisionFloat(precision: precision)
        mpfr_abs(result.pointer, a.pointer, MPFR_RNDU)
        return result
    }

    /// The value rounded to `precision` bits.
    func rounded(precision: Int, rounding: Rounding = .nearest) -> MultiPrecisionFloat {
        let result = MultiPrecisionFloat(precision: precision)
        mpfr_set(result.pointer, pointer, rounding.mode)
        return result
    }

    /// −1, 0 or +1 as `self` is below, equal to or above `other`.
    func compare(_ other: MultiPrecisionFloat) -> Int { Int(mpfr_cmp(pointer, other.pointer)).signum() }

    /// The double nearest the value, ties to even, with IEEE 754's gradual underflow: below 2^-1022 the value is
    /// rounded to a multiple of 2^-1074 (never rounded twice). Values beyond the double range give ±infinity.
    var nearestDouble: Double {
        // Zero, NaN and the infinities have no exponent (MPFR asserts on asking): they convert as they are.
        if isZero || mpfr_number_p(pointer) == 0 { return mpfr_get_d(pointer, MPFR_RNDN) }
        // |value| in [2^(e−1), 2^e): normal doubles have e ≥ −1021.
        let e = exponent
        if e >= -1021 { return mpfr_get_d(pointer, MPFR_RNDN) }
        // The subnormal grid 2^-1074 leaves e + 1074 significant bits.
        let bits = e + 1074
        let negative = sign < 0
        if bits >= 2 {
            let onGrid = MultiPrecisionFloat(precision: bits)
            mpfr_set(onGrid.pointer, pointer, MPFR_RNDN)
            return mpfr_get_d(onGrid.pointer, MPFR_RNDN)
        }
        // |value| < 2^-1073: the candidates are 0, 2^-1074 and 2^-1073 (for bits = 1, [2^-1074, 2^-1073)).
        let magnitude = Self.magnitude(self, precision: precision)
        let tiny = 0x1p-1074
        var best = 0.0
        // Compare with the midpoints 2^-1075 (between 0 and 2^-1074) and 3·2^-1075 (between 2^-1074 and 2^-1073).
        let lowMidpoint = MultiPrecisionFloat(precision: 2)
        mpfr_set_d(lowMidpoint.pointer, tiny, MPFR_RNDN)
        mpfr_mul_2si(lowMidpoint.pointer, lowMidpoint.pointer, -1, MPFR_RNDN)
        let highMidpoint = MultiPrecisionFloat(precision: 4)
        mpfr_mul_ui(highMidpoint.pointer, lowMidpoint.pointer, 3, MPFR_RNDN)
        if magnitude.compare(lowMidpoint) > 0 { best = tiny }
        // At 3·2^-1075 the tie goes to the even 2^-1073.
        if magnitude.compare(highMidpoint) >= 0 { best = 2 * tiny }
        return negative ? -best : best
    }

    /// The double nearest a/b (b nonzero), ties to even, subnormals included.
    static func nearestDouble(quotient a: MultiPrecisionFloat, _ b: MultiPrecisionFloat) -> Double {
        // An exact 0 is +0, whatever the signs: MPFR's 0/b carries the sign of b, and a tangent line through 0 at
        // x > 1 (run −1) printed −0.
        if a.isZero { return 0 }
        // 53 + 64 bits decide the rounding unless the quotient lies within 2^-117 relative of a midpoint; the
        // remainder a − q·b, exact, tells whether it is exactly one.
        var precision = 128
        while true {
            let q = quotient(a, b, precision: precision, rounding: .down)
            let next = MultiPrecisionFloat(precision: precision)
            mpfr_set(next.pointer, q.pointer, MPFR_RNDN)
            mpfr_nextabove(next.pointer)
            let low = q.nearestDouble, high = next.nearestDouble
            if low == high || low.isNaN { return low }
            // q ≤ a/b < next: exact when q·b = a.
            let remainder = exactDifference(a, exactProduct(q, b))
            if remainder.isZero { return low }
            precision *= 2
            if precision > 1 << 16 { return low }
        }
    }
}
