/// The slopes of a cubic-Bézier timing curve: dy/dx at an input (correctly rounded inside [0, 1] and on the tangent
/// lines outside it), and the parameters where y′ vanishes or is largest.
extension CubicBezier {
    /// The slope dy/dx at input `x` (unitless), correctly rounded inside (0, 1) (the double nearest y′(t*)/x′(t*), from
    /// exact multi-precision arithmetic: tens to hundreds of microseconds per call); `±infinity` where the tangent is
    /// vertical, the CSS tangent's slope outside [0, 1] (the exact rise over run rounded once), and at the endpoints the
    /// one-sided slope, correctly rounded too (`endSlope(atStart:)`). A slope whose exact magnitude lies beyond the
    /// `Double` range without being vertical is clamped to ±`greatestFiniteMagnitude` (`checkedSlope(at:)` says where).
    public func slope(at x: Double) -> Double { checkedSlope(at: x).slope }

    /// `slope(at:)`, and whether its exact value fits the `Double` range: false where it was clamped to
    /// ±`greatestFiniteMagnitude` (a tangent line, or an interior slope steeper than 1.8e308 that is not vertical); a
    /// vertical tangent's ±infinity is exact and fits.
    public func checkedSlope(at x: Double) -> (slope: Double, fits: Bool) {
        if x < 0 { return Self.clamped(tangents.startQuotient) }
        if x > 1 { return Self.clamped(tangents.exactEndQuotient) }
        if x.isNaN { return (x, true) }
        if x == 0 { return endSlope(atStart: true) }
        if x == 1 { return endSlope(atStart: false) }
        if isIdentity { return (1, true) }
        // Correctly rounded from the exact path (`ExactBezierValue.slope`), from the solver's parameter.
        let guess = interiorParameter(x)
        let exact = ExactBezierValue.slope(x1: x1, y1: y1, x2: x2, y2: y2, at: x, guess: guess)
        if exact.slope.isFinite || exact.vertical { return (exact.slope, true) }
        return (exact.slope < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude, false)
    }

    /// The slope at x = 0 (`atStart`) or x = 1, correctly rounded: the quotient of the first derivatives of y and x
    /// there that are not both 0, rounded once. At 0 that is y1/x1, or y2/x2 where x1 = y1 = 0: one IEEE division of
    /// doubles. At 1 it is (1 − y2)/(1 − x2), or (1 − y1)/(1 − x1) where x2 = y2 = 1, whose differences are not doubles
    /// in general: the exact quotient rounded once (`BezierTangents.exactEndQuotient`). A vertical tangent, and the
    /// curves whose first two derivatives vanish together at an end, take `parameterSlopeRatio`.
    func endSlope(atStart: Bool) -> (slope: Double, fits: Bool) {
        if atStart {
            if x1 > 0 { return Self.clamped(y1 / x1) }
            if y1 == 0, x2 > 0 { return Self.clamped(y2 / x2) }
            return parameterSlopeRatio(s: 1, t: 0)
        }
        if x2 < 1 || (y2 == 1 && x1 < 1) { return Self.clamped(tangents.exactEndQuotient) }
        return parameterSlopeRatio(s: 0, t: 1)
    }

    /// y'(t)/x'(t), with L'Hôpital's rule where both derivatives vanish (in the scaled form where the curve has one),
    /// clamped to the finite range where it is not vertical, and whether it fitted (see `checkedSlope(at:)`).
    func parameterSlopeRatio(s: Double, t: Double) -> (slope: Double, fits: Bool) {
        // d/dt of a Bernstein cubic with end values 0, 1: 3·(p1·s(s − 2t) + p2·t(2s − t) + t²).
        let xSpeed = x1 * s * (s - 2 * t) + x2 * t * (2 * s - t) + t * t
        if let outputScale {
            if xSpeed > 0 { return Self.clamped(outputScale.slopeRatio(s: s, t: t, xSpeed: xSpeed)) }
            let sign = outputScale.speedSign(s: s, t: t)
            if sign != 0 { return (sign * .infinity, true) }
            let ax = 1 + 3 * x1 - 3 * x2, bx = 3 * x2 - 6 * x1
            return Self.clamped(outputScale.curvatureRatio(t: t, xAcceleration: 3 * ax * t + bx, ax: ax))
        }
        let ySpeed = y1 * s * (s - 2 * t) + y2 * t * (2 * s - t) + t * t
        if xSpeed > 0 { return Self.clamped(ySpeed / xSpeed) }
        if ySpeed != 0 { return (ySpeed > 0 ? .infinity : -.infinity, true) }
        // Both vanish: compare second derivatives (x'' = 6a·t + 2b), then third (6a).
        let (ax, bx) = (1 + 3 * x1 - 3 * x2, 3 * x2 - 6 * x1)
        let (ay, by) = (1 + 3 * y1 - 3 * y2, 3 * y2 - 6 * y1)
        let xAcceleration = 3 * ax * t + bx, yAcceleration = 3 * ay * t + by
        if xAcceleration != 0 { return Self.clamped(yAcceleration / xAcceleration) }
        return ax != 0 ? Self.clamped(ay / ax) : (0, true)
    }

    /// The parameters in (0, 1) where y'(t) = 0.
    func criticalParameters() -> [Double] {
        // y'(t)/3 = q0 + q1·t + q2·t², scaled by 1/S so that no coefficient overflows.
        let scale = Swift.max(1, abs(y1), abs(y2))
        let (a, b) = (y1 / scale, y2 / scale)
        let q0 = a, q1 = 2 * b - 4 * a, q2 = 3 * a - 3 * b + 1 / scale
        return quadraticRoots(q2, q1, q0).filter { $0 > 0 && $0 < 1 }
    }

    /// The largest |y'(t)| over t in [0, 1]; `infinity` when it exceeds the `Double` range.
    static func maximumParameterSlope(y1: Double, y2: Double) -> Double {
        let scale = Swift.max(1, abs(y1), abs(y2))
        let (a, b) = (y1 / scale, y2 / scale)
        let q0 = a, q1 = 2 * b - 4 * a, q2 = 3 * a - 3 * b + 1 / scale
        var largest = Swift.max(abs(q0), abs(q0 + q1 + q2))
        if q2 != 0 {
            let vertex = -q1 / (2 * q2)
            if vertex > 0, vertex < 1 { largest = Swift.max(largest, abs((q2 * vertex + q1) * vertex + q0)) }
        }
        return 3 * scale * largest
    }
}
