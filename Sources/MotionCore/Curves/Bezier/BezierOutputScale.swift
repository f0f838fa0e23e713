/// The output cubic of a cubic-Bézier timing curve with very large control values, held in scaled form: y1 and y2
/// multiplied by 2^-k (k chosen when the curve is built, so that the larger magnitude lies in [1, 2)), and
///
///     y(t) = 2^k·(3st·(s·y1·2^-k + t·y2·2^-k)) + t³        (s = 1 − t)
///
/// evaluated with the scale multiplied back once, after the sum. Output progress, unitless.
///
/// Curves whose control values all lie within ±`largestUnscaled` (every ordinary curve, k = 0) never build one, and
/// their paths do no extra work. The others (`CubicBezier`, `CompactCubicBezier`, `TabulatedCubicBezier` and the
/// layer kernels' `BezierColumns` alike) answer every input in (0, 1) with the complete solve of x(t) = x and this
/// evaluation at its root, always in frame 0's orientation: y itself, never 1 − y through the mirrored control values
/// 1 − y2 and 1 − y1, which at this size would lose the 1.
///
/// ## Why every result is finite and correct
/// - On [0, 1], |y(t)| ≤ 3st·max(|y1|, |y2|) + t³ ≤ 0.75·max(|y1|, |y2|) + 1 ≤ 1.35e308 for every finite control
///   value: the exact output of a valid curve never leaves the `Double` range inside [0, 1].
/// - Scaled, |s·y1·2^-k + t·y2·2^-k| < 2·(s + t) and 3st ≤ 0.75, so the bracket is below 1.5·(1 + 2^-51) and its
///   product with 2^k ≤ 2^1023 below 1.35e308·(1 + 2^-51): nothing overflows, where the unscaled s·y1 + t·y2 can (at
///   y1 = y2 = 1.7976931348623157e308 and s + t a rounding above 1). Multiplying by powers of two is exact, so the
///   rounding is that of the unscaled sum: within `CubicBezier`'s bound's last term, 8·2^-53·max(1, |y1|, |y2|).
/// - A control value 2^1023 or more times smaller than the other becomes subnormal or 0 when scaled: it moves y by at
///   most 2^-1074·2^k·(4/9) < 2^-52, far below the bound's 1e-12.
/// - Sums that cancel exactly stay exact: at s = t = 0.5 on `cubic-bezier(0, 1e308, 1, -1e308)` the bracket is 0 and
///   y(0.5) = 0.125, exactly.
@usableFromInline
struct BezierOutputScale: Sendable {
    /// The largest |y1| or |y2| evaluated without a scale: 2^960 (about 9.7e288). Below it every coefficient the
    /// unscaled paths form is finite (the fast path's largest, max|Y″|/2 divided by its 1e-13 tolerance, is at most
    /// 2.7e14·(1 + max|y|), 2.6e303), so their tables and certificates work as for any curve.
    @usableFromInline static let largestUnscaled = 0x1p960

    /// 2^k, the factor multiplied back after the sum (k ≥ 960).
    @usableFromInline let scale: Double
    /// 2^-k.
    @usableFromInline let inverseScale: Double
    /// y1·2^-k and y2·2^-k (the larger magnitude in [1, 2)).
    @usableFromInline let y1: Double, y2: Double

    /// The scaled form of the output cubic with control values `y1`, `y2`, or nil when both lie within
    /// ±`largestUnscaled` (the curve needs no scale).
    @usableFromInline
    init?(y1: Double, y2: Double) {
        let largest = Swift.max(abs(y1), abs(y2))
        guard largest > Self.largestUnscaled, largest.isFinite else { return nil }
        let k = Int(largest.exponent)
        scale = Double(sign: .plus, exponent: k, significand: 1)
        inverseScale = Double(sign: .plus, exponent: -k, significand: 1)
        (self.y1, self.y2) = (y1 * inverseScale, y2 * inverseScale)
    }

    /// y(t) with s = 1 − t passed separately (each as accurate as the caller has it), in output progress.
    @usableFromInline
    func value(s: Double, t: Double) -> Double {
        (3 * s * t * (s * y1 + t * y2)) * scale + t * t * t
    }

    /// y at the root `v` of mirrored frame `frame` (0: t = v; 1: s = v), in output progress.
    @usableFromInline
    func value(frame: Int, root v: Double) -> Double {
        frame == 0 ? value(s: 1 - v, t: v) : value(s: v, t: 1 - v)
    }

    /// y′(t)/x′(t) from x′(t)/3 = `xSpeed` > 0, unitless: (y1·s(s − 2t) + y2·t(2s − t) + t²)/`xSpeed`, formed as 2^k times
    /// the scaled ratio, so that it is finite wherever the exact slope is (±infinity where it lies beyond the range).
    func slopeRatio(s: Double, t: Double, xSpeed: Double) -> Double {
        let scaledSpeed = y1 * s * (s - 2 * t) + y2 * t * (2 * s - t) + (t * t) * inverseScale
        return scaledSpeed / xSpeed * scale
    }

    /// The sign of y′(t) (1, −1 or 0) where x′(t) = 0.
    func speedSign(s: Double, t: Double) -> Double {
        let scaledSpeed = y1 * s * (s - 2 * t) + y2 * t * (2 * s - t) + (t * t) * inverseScale
        return scaledSpeed > 0 ? 1 : (scaledSpeed < 0 ? -1 : 0)
    }

    /// y″(t)/x″(t) at `t` from x″(t)/6 = `xAcceleration` ≠ 0, or y‴/x‴ from x‴/6 = `ax` when `xAcceleration` is 0
    /// (L'Hôpital's rule where x′ and y′ both vanish), unitless; finite wherever the exact ratio is (±infinity where
    /// it lies beyond the range).
    func curvatureRatio(t: Double, xAcceleration: Double, ax: Double) -> Double {
        let ay = inverseScale + 3 * y1 - 3 * y2, by = 3 * y2 - 6 * y1
        if xAcceleration != 0 { return (3 * ay * t + by) / xAcceleration * scale }
        return ax != 0 ? ay / ax * scale : 0
    }
}
