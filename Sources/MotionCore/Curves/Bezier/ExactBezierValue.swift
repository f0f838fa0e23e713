import CMPFR

/// The correctly rounded output of `cubic-bezier(x1, y1, x2, y2)` at an input x in (0, 1): the double nearest
/// y(t*), ties to even, where t* is the exact root of x(t) = x for the double control values and the double input.
/// `CubicBezier.value(at:)`'s slow path, taken where the fast path's rounding test fails; slow (tens to hundreds of
/// microseconds), and exact by construction:
///
/// 1. **A bracket that is proved.** t* lies in [a, b] when x(a) ≤ x ≤ x(b), and x(t) − x at a dyadic t is computed
///    exactly (`MultiPrecisionFloat`'s exact sums and products; x(t) is increasing on [0, 1] because x1, x2 ∈ [0, 1]),
///    so every sign that moves the bracket is exact. The bracket starts around the caller's guess (relative widths
///    2^-40 to 2^-4, each checked) or at [0, 1].
/// 2. **Newton inside the bracket** (the step in `precision` + 64 bits, the sign at the new point exact), bisection
///    when a step leaves the bracket or fails to halve it, until the bracket's width is 2^-precision of its ends; at
///    most `maximumIterations` steps per precision.
/// 3. **An enclosure of y.** With c the bracket's midpoint and h its half-width, y(c + d) = Σ Y_k d^k exactly (a cubic),
///    so y on the bracket lies within |Y1|h + |Y2|h² + |Y3|h³ of Y0 = y(c) (Y0 exact, the radius rounded up).
/// 4. **The rounding test.** If both ends of the enclosure round to the same double, every value between them does
///    (rounding is monotone), y(t*) among them: that double is the answer.
/// 5. **Exact cases.** Otherwise a midpoint between two doubles lies in the enclosure. If t* is dyadic it is the
///    shortest dyadic number in the bracket (any other of as few bits is farther from t* than the bracket is wide), so
///    that number is tried exactly: x(t) = x there makes y(t*) exact, rounded once. Else the precision doubles, up to
///    `maximumPrecision` bits; past it (y(t*) within 2^-16384 relative of a midpoint at an irrational root, a case no
///    search has met) the midpoint is taken as y(t*) itself and rounded to even.
enum ExactBezierValue {
    /// The first bracket precision in bits.
    static let initialPrecision = 128
    /// The largest bracket precision tried before the midpoint is taken as exact.
    static let maximumPrecision = 1 << 14
    /// Newton and bisection steps per precision.
    static var maximumIterations: Int { 4 * maximumPrecision + 2_300 }

    /// The double nearest y(t*) for the curve with control values `x1`, `y1`, `x2`, `y2` (x1, x2 ∈ [0, 1], every
    /// value finite) at input `x` in (0, 1); `guess` is any approximation of t* (a bad one costs time, not accuracy).
    static func value(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double, guess: Double) -> Double {
        let curve = ExactCubic(x1: x1, y1: y1, x2: x2, y2: y2, target: x)
        var (a, b) = curve.initialBracket(guess: guess)
        if let root = curve.exactRoot(a) ?? curve.exactRoot(b) { return curve.output(at: root).nearestDouble }
        var precision = initialPrecision
        while true {
            (a, b) = curve.narrowed(a, b, precision: precision)
            if let root = curve.exactRoot(a) ?? curve.exactRoot(b) { return curve.output(at: root).nearestDouble }
            let enclosure = curve.outputEnclosure(a, b)
            let low = enclosure.low.nearestDouble, high = enclosure.high.nearestDouble
            if low == high { return low }
            let shortest = ExactCubic.shortestDyadic(a, b)
            if curve.residualSign(shortest) == 0 { return curve.output(at: shortest).nearestDouble }
            if precision >= maximumPrecision { return enclosure.center.nearestDouble }
            precision *= 2
        }
    }
}

extension ExactBezierValue {
    /// The double nearest the exact slope dy/dx = y′(t*)/x′(t*) at input `x` in (0, 1), and whether the tangent is
    /// vertical there (x′(t*) = 0 exactly, or within 2^-16384 of it, where y′ keeps one sign: then ±infinity). A slope
    /// beyond the `Double` range that is not vertical is ±infinity with `vertical` false. The same bracket as `value`,
    /// then enclosures of x′ and y′ on it (exact Taylor forms of the quadratics, radii rounded up) and of their quotient
    /// (directed roundings at the interval's corners), until both ends round to one double.
    static func slope(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double, guess: Double)
        -> (slope: Double, vertical: Bool)
    {
        let curve = ExactCubic(x1: x1, y1: y1, x2: x2, y2: y2, target: x)
        var (a, b) = curve.initialBracket(guess: guess)
        var precision = initialPrecision
        while true {
            if let root = curve.exactRoot(a) ?? curve.exactRoot(b) { return curve.exactSlope(at: root) }
            (a, b) = curve.narrowed(a, b, precision: precision)
            if let root = curve.exactRoot(a) ?? curve.exactRoot(b) { return curve.exactSlope(at: root) }
            let shortest = ExactCubic.shortestDyadic(a, b)
            if curve.residualSign(shortest) == 0 { return curve.exactSlope(at: shortest) }
            if let quotient = curve.slopeEnclosure(a, b) {
                let low = quotient.low.nearestDouble, high = quotient.high.nearestDouble
                if low == high { return (low, false) }
            }
            if precision >= maximumPrecision {
                // x′ within 2^-16384 of zero (or a quotient within as much of a midpoint): the centre's sign decides.
                let c = Number.exactScaled(Number.exactSum(a, b), -1)
                let speeds = (curve.speed(curve.p1, curve.p2, at: c), curve.speed(curve.q1, curve.q2, at: c))
                if speeds.0.isZero || speeds.0.exponent < speeds.1.exponent - 1000 {
                    return (speeds.1.sign < 0 ? -.infinity : .infinity, true)
                }
                return (Number.nearestDouble(quotient: speeds.1, speeds.0), false)
            }
            precision *= 2
        }
    }

    typealias Number = MultiPrecisionFloat
}

/// The cubic Béziers x(t) and y(t) of one curve as exact multi-precision numbers, and the target x.
struct ExactCubic {
    typealias Number = MultiPrecisionFloat
    let p1: Number, p2: Number, q1: Number, q2: Number
    let target: Number
    let one = Number(1.0)
    let three = Number(3.0)

    init(x1: Double, y1: Double, x2: Double, y2: Double, target: Double) {
        (p1, p2, q1, q2) = (Number(x1), Number(x2), Number(y1), Number(y2))
        self.target = Number(target)
    }

    /// 3·c1·t·s² + 3·c2·t²·s + t³ at t (s = 1 − t), exactly.
    func bernstein(_ c1: Number, _ c2: Number, at t: Number) -> Number {
        let s = Number.exactDifference(one, t)
        let ts = Number.exactProduct(t, s)
        let first = Number.exactProduct(Number.exactProduct(c1, s), ts)
        let second = Number.exactProduct(Number.exactProduct(c2, t), ts)
        let inner = Number.exactProduct(three, Number.exactSum(first, second))
        return Number.exactSum(inner, Number.exactProduct(Number.exactProduct(t, t), t))
    }

    /// The sign of x(t) − x, exactly.
    func residualSign(_ t: Number) -> Int {
        Number.exactDifference(bernstein(p1, p2, at: t), target).sign
    }

    /// `t` when x(t) = x exactly.
    func exactRoot(_ t: Number) -> Number? { residualSign(t) == 0 ? t : nil }

    /// y(t), exactly.
    func output(at t: Number) -> Number { bernstein(q1, q2, at: t) }

    /// A bracket [a, b] with x(a) ≤ x ≤ x(b), checked exactly: around `guess` where it can be, else [0, 1].
    func initialBracket(guess: Double) -> (Number, Number) {
        let g = guess > 0 && guess < 1 ? guess : Double(0.5)
        for width in [0x1p-40, 0x1p-24, 0x1p-12, 0x1p-4] {
            let a = Number(g - g * width), b = Number(Swift.min(g + g * width, 1))
            if residualSign(a) <= 0, residualSign(b) >= 0 { return (a, b) }
        }
        return (Number(0.0), Number(1.0))
    }

    /// The bracket [a, b] narrowed to a relative width of 2^-precision (Newton with exact signs, bisection as the
    /// safeguard); an end where x(t) = x exactly is returned as both ends.
    func narrowed(_ start: Number, _ end: Number, precision: Int) -> (Number, Number) {
        var a = start, b = end
        let working = precision + 64
        var point = Number.exactScaled(Number.exactSum(a, b), -1)
        var previousWidth = Number.exactDifference(b, a)
        for iteration in 0..<ExactBezierValue.maximumIterations {
            let width = Number.exactDifference(b, a)
            if width.isZero || isNarrow(a, b, width: width, precision: precision) { break }
            // Newton from the current point, rounded to the working precision (the sign at the new point is exact).
            var candidate: Number? = nil
            let residual = Number.exactDifference(bernstein(p1, p2, at: point), target)
            if residual.isZero { return (point, point) }
            let slope = derivative(p1, p2, at: point, precision: working)
            if !slope.isZero {
                let step = Number.quotient(residual, slope, precision: working)
                let next = Number.difference(point, step, precision: working)
                if next.compare(a) > 0, next.compare(b) < 0 { candidate = next }
                // Once Newton's step is below the target width, test a bracket of twice the step around the new point.
                if let next = candidate, iteration > 0 {
                    let radius = Number.product(Number.magnitude(step, precision: working), Number(2.0),
                                                precision: working, rounding: .up)
                    let low = Number.difference(next, radius, precision: working, rounding: .down)
                    let high = Number.sum(next, radius, precision: working, rounding: .up)
                    if isNarrow(low, high, width: Number.difference(high, low, precision: 64, rounding: .up),
                                precision: precision),
                       low.compare(a) > 0, high.compare(b) < 0,
                       residualSign(low) <= 0, residualSign(high) >= 0 {
                        return (low, high)
                    }
                }
            }
            // Bisect when Newton left the bracket, and every third step when the bracket did not halve over the last
            // three (Newton from one side never moves the other end).
            if iteration % 3 == 2 {
                if width.compare(Number.exactScaled(previousWidth, -1)) > 0 { candidate = nil }
                previousWidth = width
            }
            if candidate == nil { candidate = Number.exactScaled(Number.exactSum(a, b), -1) }
            point = candidate!
            let sign = residualSign(point)
            if sign == 0 { return (point, point) }
            if sign < 0 { a = point } else { b = point }
        }
        return (a, b)
    }

    /// Whether `width` is at most 2^-precision of the larger end of [a, b].
    func isNarrow(_ a: Number, _ b: Number, width: Number, precision: Int) -> Bool {
        let scale = Number.magnitude(a).compare(Number.magnitude(b)) > 0 ? a : b
        if scale.isZero { return false }
        return width.isZero || width.exponent <= scale.exponent - precision
    }

    /// x′(t) = 3(p1·s² + 2(p2 − p1)·t·s + (1 − p2)·t²) in `precision` bits (the Newton step's slope).
    func derivative(_ c1: Number, _ c2: Number, at t: Number, precision: Int) -> Number {
        let s = Number.exactDifference(one, t)
        let terms = Number.exactSum(
            Number.exactSum(Number.exactProduct(c1, Number.exactProduct(s, s)),
                            Number.exactProduct(Number.exactScaled(Number.exactDifference(c2, c1), 1),
                                                Number.exactProduct(t, s))),
            Number.exactProduct(Number.exactDifference(one, c2), Number.exactProduct(t, t)))
        return Number.product(three, terms, precision: precision)
    }

    /// Lower and upper bounds of y over [a, b] and y at the midpoint (exact): y(c + d) = Y0 + Y1·d + Y2·d² + Y3·d³ with
    /// |d| ≤ h, the radius |Y1|h + |Y2|h² + |Y3|h³ rounded up.
    func outputEnclosure(_ a: Number, _ b: Number) -> (low: Number, high: Number, center: Number) {
        let c = Number.exactScaled(Number.exactSum(a, b), -1)
        let h = Number.exactScaled(Number.exactDifference(b, a), -1)
        let center = output(at: c)
        // Taylor coefficients at c of the cubic with Bernstein values 0, q1, q2, 1.
        let s = Number.exactDifference(one, c)
        let slope = Number.exactProduct(three, Number.exactSum(
            Number.exactSum(Number.exactProduct(q1, Number.exactProduct(s, s)),
                            Number.exactProduct(Number.exactScaled(Number.exactDifference(q2, q1), 1),
                                                Number.exactProduct(c, s))),
            Number.exactProduct(Number.exactDifference(one, q2), Number.exactProduct(c, c))))
        // y''/2 = 3((q2 − 2q1)·s + (1 − 2q2 + q1)·t); y'''/6 = 1 − 3q2 + 3q1.
        let d1 = Number.exactDifference(q2, Number.exactScaled(q1, 1))
        let d2 = Number.exactSum(Number.exactDifference(one, Number.exactScaled(q2, 1)), q1)
        let half = Number.exactProduct(three, Number.exactSum(Number.exactProduct(d1, s), Number.exactProduct(d2, c)))
        let cubic = Number.exactSum(Number.exactDifference(one, Number.exactProduct(three, q2)),
                                    Number.exactProduct(three, q1))
        let hUp = Number.magnitude(h)
        var radius = Number.product(Number.magnitude(slope), hUp, precision: 64, rounding: .up)
        let h2 = Number.product(hUp, hUp, precision: 64, rounding: .up)
        radius = Number.sum(radius, Number.product(Number.magnitude(half), h2, precision: 64, rounding: .up),
                            precision: 64, rounding: .up)
        let h3 = Number.product(h2, hUp, precision: 64, rounding: .up)
        radius = Number.sum(radius, Number.product(Number.magnitude(cubic), h3, precision: 64, rounding: .up),
                            precision: 64, rounding: .up)
        let wide = center.precision + 128
        return (Number.difference(center, radius, precision: wide, rounding: .down),
                Number.sum(center, radius, precision: wide, rounding: .up), center)
    }

    /// c1·s² + 2(c2 − c1)·t·s + (1 − c2)·t² at t (s = 1 − t), exactly: a third of the derivative of the cubic with
    /// Bernstein values 0, c1, c2, 1 (the factor 3 cancels in a slope).
    func speed(_ c1: Number, _ c2: Number, at t: Number) -> Number {
        let s = Number.exactDifference(one, t)
        return Number.exactSum(
            Number.exactSum(Number.exactProduct(c1, Number.exactProduct(s, s)),
                            Number.exactProduct(Number.exactScaled(Number.exactDifference(c2, c1), 1),
                                                Number.exactProduct(t, s))),
            Number.exactProduct(Number.exactDifference(one, c2), Number.exactProduct(t, t)))
    }

    /// The slope at an exact root t: y′/x′ rounded once, or ±infinity where x′(t) = 0 and y′(t) ≠ 0 (a vertical
    /// tangent); where both vanish, the ratio of the first derivatives that do not (L'Hôpital), exactly.
    func exactSlope(at t: Number) -> (slope: Double, vertical: Bool) {
        let xSpeed = speed(p1, p2, at: t), ySpeed = speed(q1, q2, at: t)
        if !xSpeed.isZero { return (Number.nearestDouble(quotient: ySpeed, xSpeed), false) }
        if !ySpeed.isZero { return (ySpeed.sign < 0 ? -.infinity : .infinity, true) }
        // Second derivatives over 6: (c2 − 2c1)·s + (1 − 2c2 + c1)·t; third over 6: 1 − 3c2 + 3c1.
        func second(_ c1: Number, _ c2: Number) -> Number {
            let s = Number.exactDifference(one, t)
            return Number.exactSum(Number.exactProduct(Number.exactDifference(c2, Number.exactScaled(c1, 1)), s),
                                   Number.exactProduct(Number.exactSum(Number.exactDifference(one, Number.exactScaled(c2, 1)), c1), t))
        }
        func third(_ c1: Number, _ c2: Number) -> Number {
            Number.exactSum(Number.exactDifference(one, Number.exactProduct(three, c2)), Number.exactProduct(three, c1))
        }
        for (xDerivative, yDerivative) in [(second(p1, p2), second(q1, q2)), (third(p1, p2), third(q1, q2))] {
            if !xDerivative.isZero { return (Number.nearestDouble(quotient: yDerivative, xDerivative), false) }
            if !yDerivative.isZero { return (yDerivative.sign < 0 ? -.infinity : .infinity, true) }
        }
        return (0, false)
    }

    /// Bounds of x′ and y′ (over 3) on [a, b] from their exact Taylor forms at the midpoint, and of their quotient;
    /// nil while x′'s bounds straddle zero.
    func slopeEnclosure(_ a: Number, _ b: Number) -> (low: Number, high: Number)? {
        let c = Number.exactScaled(Number.exactSum(a, b), -1)
        let h = Number.magnitude(Number.exactScaled(Number.exactDifference(b, a), -1))
        func bounds(_ c1: Number, _ c2: Number) -> (low: Number, high: Number) {
            let centre = speed(c1, c2, at: c)
            let s = Number.exactDifference(one, c)
            // (speed)′ = 2((c2 − 2c1)·s + (1 − 2c2 + c1)·t), (speed)″ = 2(1 − 3c2 + 3c1).
            let firstTerm = Number.exactSum(
                Number.exactProduct(Number.exactDifference(c2, Number.exactScaled(c1, 1)), s),
                Number.exactProduct(Number.exactSum(Number.exactDifference(one, Number.exactScaled(c2, 1)), c1), c))
            let secondTerm = Number.exactSum(Number.exactDifference(one, Number.exactProduct(three, c2)),
                                             Number.exactProduct(three, c1))
            var radius = Number.product(Number.magnitude(Number.exactScaled(firstTerm, 1)), h, precision: 64,
                                        rounding: .up)
            let h2 = Number.product(h, h, precision: 64, rounding: .up)
            radius = Number.sum(radius, Number.product(Number.magnitude(secondTerm), h2, precision: 64, rounding: .up),
                                precision: 64, rounding: .up)
            let wide = centre.precision + 128
            return (Number.difference(centre, radius, precision: wide, rounding: .down),
                    Number.sum(centre, radius, precision: wide, rounding: .up))
        }
        let xs = bounds(p1, p2), ys = bounds(q1, q2)
        guard xs.low.sign > 0 || xs.high.sign < 0 else { return nil }
        let working = Swift.max(xs.low.precision, ys.low.precision) + 64
        var low: Number? = nil, high: Number? = nil
        for numerator in [ys.low, ys.high] {
            for denominator in [xs.low, xs.high] {
                let down = Number.quotient(numerator, denominator, precision: working, rounding: .down)
                let up = Number.quotient(numerator, denominator, precision: working, rounding: .up)
                if low == nil || down.compare(low!) < 0 { low = down }
                if high == nil || up.compare(high!) > 0 { high = up }
            }
        }
        return (low!, high!)
    }

    /// The dyadic number with the fewest significant bits in [a, b] (0 < a ≤ b): the first multiple of 2^-k in it,
    /// k = 0, 1, ….
    static func shortestDyadic(_ a: Number, _ b: Number) -> Number {
        if a.sign <= 0 { return Number(0.0) }
        var k = -b.exponent - 1
        while true {
            // ⌈a·2^k⌉·2^-k.
            let scaled = Number.exactScaled(a, k)
            let ceiling = Number(precision: Swift.max(scaled.exponent + 2, 2))
            mpfr_ceil(ceiling.pointer, scaled.pointer)
            let candidate = Number.exactScaled(ceiling, -k)
            if candidate.compare(b) <= 0 { return candidate }
            k += 1
        }
    }
}
