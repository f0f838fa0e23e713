/// A cubic-Bézier timing function in 40 bytes and no heap: the four control points and the solver tolerance.
///
/// For curves that are not shared: a layer that brings its own curve stores one of these (a `CubicBezier` carries
/// 8.4–10.4 KB of guess tables). `CubicBezier` answers most inputs from its table and one certified Newton step and
/// hands the rest to this type's complete solve (`BezierFrame.solve`). From a table-free guess, this solver works in
/// the same mirrored Bernstein frames (inputs above 0.5 solve the mirrored curve for s = 1 − t, so the residual's
/// rounding is relative to min(x, 1 − x)), takes Newton steps inside a shrinking bracket with bisection when a step
/// leaves it, and stops on the Kantorovich certificate 2·K·δ² ≤ tolerance·B′(v) (K = max|B″|/2 over [0, 1], δ the
/// last step) or when the bracket is narrower than the tolerance.
///
/// ## Error bound
/// The same as `CubicBezier`'s: for x in [0, 1],
///
///     |y − y_true| ≤ 1e-12 + 4e-16·|dy/dx| + 8·2^-53·max(1, |y1|, |y2|)
///
/// since the parameter is within the same tolerance (1e-13 / max|y′|, at least 2^-60) plus the residual's rounding
/// divided by x′(t). At most `maximumIterations` iterations; inputs 0 and 1 give exactly 0 and 1. Outside [0, 1] the
/// CSS Easing 2 tangents extrapolate, as `CubicBezier` does (`BezierTangents`). Control values beyond
/// ±`BezierOutputScale.largestUnscaled` (2^960) are evaluated in scaled form, in frame 0's orientation, as
/// `CubicBezier` evaluates them: finite and within the same bound for every finite control value.
public struct CompactCubicBezier: Sendable, Hashable {
    /// First control point, x in [0, 1].
    public let x1: Double
    /// First control point, y.
    public let y1: Double
    /// Second control point, x in [0, 1].
    public let x2: Double
    /// Second control point, y.
    public let y2: Double
    /// Absolute tolerance on the curve parameter t: 1e-13 / max|y′(t)|, clamped to [2^-60, 1e-13].
    public let tolerance: Double

    /// Upper bound on solver iterations: bisection alone reaches the 2^-60 floor in 60, Newton and bisection
    /// alternate at worst.
    public static let maximumIterations = 128

    /// The compact form of `curve` (same control points, same tolerance).
    public init(_ curve: CubicBezier) {
        self.init(validatedX1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2)
    }

    /// The curve `cubic-bezier(x1, y1, x2, y2)`, validated as `CubicBezier` validates it but without building its
    /// tables (no heap allocation).
    /// - Throws: `InvalidParameterError` for a non-finite value or x1 or x2 outside [0, 1].
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(InvalidParameterError) {
        let context = "cubic-bezier"
        try requireFinite(x1, "x1", in: context)
        try requireFinite(y1, "y1", in: context)
        try requireFinite(x2, "x2", in: context)
        try requireFinite(y2, "y2", in: context)
        guard (0...1).contains(x1) else {
            throw InvalidParameterError(context: context, parameter: "x1", value: x1, rule: "is outside [0, 1]")
        }
        guard (0...1).contains(x2) else {
            throw InvalidParameterError(context: context, parameter: "x2", value: x2, rule: "is outside [0, 1]")
        }
        self.init(validatedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    init(validatedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        let speed = CubicBezier.maximumParameterSlope(y1: y1, y2: y2)
        tolerance = min(max(1e-13 / speed, 0x1p-60), 1e-13)
    }

    /// The output progress at input `x` (the CSS tangents outside [0, 1]).
    @inlinable
    public func value(at x: Double) -> Double {
        guard x > 0, x < 1 else { return extrapolated(x) }
        let mirrored = x > 0.5
        let frame = BezierFrame(p1: mirrored ? 1 - x2 : x1, p2: mirrored ? 1 - x1 : x2)
        let target = mirrored ? 1 - x : x
        let v = frame.solve(target: target, guess: frame.coarseGuess(target), tolerance: tolerance, newtonSteps: 6)
        return output(x: x, frameRoot: v)
    }

    /// y at the root `v` of the frame that `x` selects (output progress): y(t) below 0.5, 1 − (1 − y)(t) above, so
    /// that outputs next to 1 keep their low digits; in scaled form (`scaledOutput`) where |y1| or |y2| exceeds
    /// `BezierOutputScale.largestUnscaled`.
    @inlinable @inline(__always)
    public func output(x: Double, frameRoot v: Double) -> Double {
        if Swift.max(abs(y1), abs(y2)) > BezierOutputScale.largestUnscaled { return scaledOutput(x: x, frameRoot: v) }
        let mirrored = x > 0.5
        let t = mirrored ? 1 - v : v, s = mirrored ? v : 1 - v
        let w = 3 * s * t
        if mirrored { return 1 - ((w * t) * (1 - y2) + ((w * s) * (1 - y1) + s * s * s)) }
        return (w * s) * y1 + ((w * t) * y2 + t * t * t)
    }

    /// `output(x:frameRoot:)` for a curve whose control values need a scale: y in `BezierOutputScale`'s form, in frame
    /// 0's orientation (output progress).
    @usableFromInline
    func scaledOutput(x: Double, frameRoot v: Double) -> Double {
        guard let scale = BezierOutputScale(y1: y1, y2: y2) else { return .nan }  // unreachable: the caller checked
        return scale.value(frame: x > 0.5 ? 1 : 0, root: v)
    }

    /// The power-form coefficients of x(t) and y(t), as `CubicBezier.powerForm` gives them (unitless; unscaled, so
    /// not finite where 3·|y| leaves the `Double` range).
    public var powerForm: (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        CubicBezier.powerForm(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The output progress outside (0, 1): 0 at 0, 1 at 1, the CSS tangent lines beyond (`BezierTangents`: exact
    /// where the result fits, clamped to the finite range where it does not); NaN passes through.
    @inlinable
    public func extrapolated(_ x: Double) -> Double {
        BezierTangents(x1: x1, y1: y1, x2: x2, y2: y2).value(at: x)
    }
}

/// One mirrored frame of a Bézier timing curve's x(t): B(v) = 3uv·(u·p1 + v·p2) + v³ with u = 1 − v, p1 and p2 in
/// [0, 1], solved for B(v) = X with X in (0, 0.5].
@usableFromInline
struct BezierFrame: Sendable {
    @usableFromInline let p1: Double, p2: Double
    /// Power-form derivative coefficients: B′(v) = (a3·v + b2)·v + c.
    @usableFromInline let a3: Double, b2: Double, c: Double
    /// Twice max|B″|/2 over [0, 1] (B″ is linear, so its largest magnitude is at an end).
    @usableFromInline let doubledCurvature: Double

    @inlinable @inline(__always)
    init(p1: Double, p2: Double) {
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1
        (self.p1, self.p2) = (p1, p2)
        (a3, b2, c) = (3 * a, 2 * b, 3 * p1)
        doubledCurvature = 2 * max(abs(b), abs(3 * a + b))
    }

    /// B(v), every term non-negative.
    @inlinable @inline(__always)
    func position(_ v: Double) -> Double {
        let u = 1 - v
        return 3 * u * v * (u * p1 + v * p2) + v * v * v
    }

    /// A table-free guess for B(v) = target: B at 1/4, 1/2 and 3/4 pick the quarter of [0, 1] that holds the root, and
    /// the chord across that quarter gives the guess (within about 1e-2 on ordinary curves, so that Newton's quadratic
    /// convergence needs three or four steps).
    @inlinable @inline(__always)
    func coarseGuess(_ target: Double) -> Double {
        let quarter = position(0.25), half = position(0.5), threeQuarters = position(0.75)
        let upper = target >= half
        let low = upper ? (target >= threeQuarters ? 0.75 : 0.5) : (target >= quarter ? 0.25 : 0)
        let lowValue = upper ? (target >= threeQuarters ? threeQuarters : half) : (target >= quarter ? quarter : 0)
        let highValue = upper ? (target >= threeQuarters ? 1 : threeQuarters) : (target >= quarter ? half : quarter)
        let rise = highValue - lowValue
        return rise > 0 ? low + 0.25 * (target - lowValue) / rise : low
    }

    /// B′(v).
    @inlinable @inline(__always)
    func derivative(_ v: Double) -> Double { (a3 * v + b2) * v + c }

    /// B″(v).
    @inlinable @inline(__always)
    func secondDerivative(_ v: Double) -> Double { 2 * a3 * v + b2 }

    /// The root of B(v) = target from `guess`: up to `newtonSteps` Newton steps (three from a table's guess, more
    /// from a table-free one), each checked against the Kantorovich certificate, then the bracketed path.
    @inlinable @inline(__always)
    func solve(target: Double, guess: Double, tolerance: Double, newtonSteps: Int = 3) -> Double {
        var v = min(max(guess, 0), 1)
        let minimumSlope = 4 * doubledCurvature * tolerance
        for _ in 0..<newtonSteps {
            let slope = derivative(v)
            let step = (position(v) - target) / slope
            let next = v - step
            guard next >= 0, next <= 1 else { break }
            v = next
            if doubledCurvature * step * step <= tolerance * slope, slope > minimumSlope { return v }
        }
        return solveBracketed(target: target, guess: v, tolerance: tolerance)
    }

    /// Newton inside a shrinking bracket [lo, hi], bisecting whenever Newton leaves it or fails to halve the step;
    /// stops when the step or the bracket is below `tolerance`, or no double lies inside the bracket. At most
    /// `CompactCubicBezier.maximumIterations` iterations.
    @usableFromInline
    func solveBracketed(target: Double, guess: Double, tolerance: Double) -> Double {
        var lo = 0.0, hi = 1.0
        var v = guess > 0 && guess < 1 ? guess : 0.5
        var step = 1.0
        for _ in 0..<CompactCubicBezier.maximumIterations {
            let residual = position(v) - target
            if residual == 0 { return v }
            if residual < 0 { lo = v } else { hi = v }
            if hi - lo <= tolerance { return v }
            let slope = derivative(v)
            let newton = v - residual / slope
            if newton > lo, newton < hi, abs(2 * residual) <= abs(step * slope) {
                step = v - newton
                v = newton
            } else {
                step = 0.5 * (hi - lo)
                let middle = lo + step
                if middle <= lo || middle >= hi { return v }
                v = middle
            }
            if abs(step) <= tolerance { return v }
        }
        return 0.5 * (lo + hi)
    }
}
