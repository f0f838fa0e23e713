/// The CSS Easing 2 tangent lines that continue a cubic-Bézier timing curve outside [0, 1]: below 0 the line through
/// (0, 0) toward the first control point whose x is not 0, above 1 the line through (1, 1) toward the last control
/// point whose x is not 1 (slope 0 where there is none).
///
/// Each slope is held as its rise and run as well as their quotient, so that an input close to the curve's ends keeps
/// its exact value where the slope itself lies beyond the `Double` range (`cubic-bezier(1e-10, 1e308, 1, 1)` at
/// x = −1e-20 is −1e298, though its slope 1e318 is not a `Double`). A value or slope whose exact magnitude lies beyond
/// the range is ±infinity here; `CubicBezier` clamps it to ±`greatestFiniteMagnitude` and says so
/// (`checkedValue(at:)`, `checkedSlope(at:)`), and the command line refuses it, naming the limit.
@usableFromInline
struct BezierTangents: Sendable {
    /// The tangent below 0: y1 over x1, or y2 over x2 when x1 = 0, or 0 over 1 when both are 0 (output and input
    /// progress).
    @usableFromInline let startRise: Double, startRun: Double
    /// The tangent above 1: y2 − 1 over x2 − 1, or y1 − 1 over x1 − 1 when x2 = 1, or 0 over 1 when both are 1.
    @usableFromInline let endRise: Double, endRun: Double
    /// The control point the line above 1 goes toward (x2, y2), or (x1, y1) when x2 = 1, or (0, 0) when both are 1.
    let endPoint: (x: Double, y: Double)
    /// startRise/startRun and endRise/endRun, unitless (±infinity where the quotient leaves the range).
    @usableFromInline let startQuotient: Double, endQuotient: Double

    /// The tangents of the curve with control points (x1, y1), (x2, y2), x1 and x2 in [0, 1].
    @usableFromInline
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        (startRise, startRun) = x1 > 0 ? (y1, x1) : (x2 > 0 ? (y2, x2) : (0, 1))
        (endRise, endRun) = x2 < 1 ? (y2 - 1, x2 - 1) : (x1 < 1 ? (y1 - 1, x1 - 1) : (0, 1))
        endPoint = x2 < 1 ? (x2, y2) : (x1 < 1 ? (x1, y1) : (0, 0))
        (startQuotient, endQuotient) = (startRise / startRun, endRise / endRun)
    }

    /// The output progress at input `x` ≤ 0 or ≥ 1: exactly 0 at 0 and 1 at 1, the tangent line beyond, clamped to
    /// the finite `Double` range where the exact value leaves it; NaN (and any input in (0, 1)) is returned as it is.
    @usableFromInline
    func value(at x: Double) -> Double { CubicBezier.saturated(unclampedValue(at: x)) }

    /// `value(at:)` before the clamp: ±infinity where the exact value lies beyond the `Double` range.
    func unclampedValue(at x: Double) -> Double {
        if x <= 0 {
            if x == 0 || startRise == 0 { return 0 }
            return Self.offset(rise: startRise, run: startRun, quotient: startQuotient, distance: x)
        }
        if x >= 1 {
            if x == 1 || endRise == 0 { return 1 }
            return 1 + Self.offset(rise: endRise, run: endRun, quotient: endQuotient, distance: x - 1)
        }
        return x
    }

    /// The double nearest the tangent line's exact value at input `x` ≤ 0 or ≥ 1 (exactly 0 at 0 and 1 at 1), clamped
    /// to the finite `Double` range where the exact value leaves it; NaN is returned as it is.
    @usableFromInline
    func exactValue(at x: Double) -> Double { CubicBezier.saturated(unclampedExactValue(at: x)) }

    /// `exactValue(at:)` before the clamp: below 0, y1·x/x1 (or y2·x/x2, or 0); above 1,
    /// ((p − 1) + (q − 1)(x − 1))/(p − 1) for the last control point (p, q) with p ≠ 1 (or 1): each the correctly
    /// rounded quotient of exact sums and products (`MultiPrecisionFloat`).
    func unclampedExactValue(at x: Double) -> Double {
        typealias Number = MultiPrecisionFloat
        if x <= 0 {
            if x == 0 || startRise == 0 { return 0 }
            return Number.nearestDouble(quotient: Number.exactProduct(Number(startRise), Number(x)), Number(startRun))
        }
        if x >= 1 {
            if x == 1 || endRise == 0 { return 1 }
            let (p, q) = endPoint
            let run = Number.exactDifference(Number(p), Number(1.0))
            let rise = Number.exactDifference(Number(q), Number(1.0))
            let numerator = Number.exactSum(run, Number.exactProduct(rise, Number.exactDifference(Number(x), Number(1.0))))
            return Number.nearestDouble(quotient: numerator, run)
        }
        return x
    }

    /// The end line's slope (q − 1)/(p − 1) for its control point (p, q), the exact quotient rounded once (y − 1 and
    /// x − 1 are not doubles in general, so `endQuotient` may be a rounding off; y1/x1, `startQuotient`, is one IEEE
    /// division of exact values and needs nothing more). ±infinity beyond the range.
    var exactEndQuotient: Double {
        if endRise == 0 { return 0 }
        typealias Number = MultiPrecisionFloat
        return Number.nearestDouble(quotient: Number.exactDifference(Number(endPoint.y), Number(1.0)),
                                    Number.exactDifference(Number(endPoint.x), Number(1.0)))
    }

    /// rise·distance/run (rise, run and distance finite and not 0): the quotient times the distance where both are
    /// finite, otherwise formed from the three numbers' significands and exponents, so that it overflows only where
    /// the exact value lies beyond the range (then ±infinity).
    static func offset(rise: Double, run: Double, quotient: Double, distance: Double) -> Double {
        let direct = quotient * distance
        if direct.isFinite { return direct }
        let magnitude = Double(sign: .plus, exponent: rise.exponent + distance.exponent - run.exponent,
                               significand: rise.significand * distance.significand / run.significand)
        return ((rise < 0) != (distance < 0)) != (run < 0) ? -magnitude : magnitude
    }
}
