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
@usableFromInline package struct CompactCubicBezier: Sendable, Hashable {
    /// First control point, x in [0, 1].
    @usableFromInline package let x1: Double
    /// First control point, y.
    @usableFromInline package let y1: Double
    /// Second control point, x in [0, 1].
    @usableFromInline package let x2: Double
    /// Second control point, y.
    @usableFromInline package let y2: Double
    /// Absolute tolerance on the curve parameter t: 1e-13 / max|y′(t)|, clamped to [2^-60, 1e-13].
    @usableFromInline package let tolerance: Double

    /// Upper bound on solver iterations: bisection alone reaches the 2^-60 floor in 60, Newton and bisection
    /// alternate at worst.
    @usableFromInline package static let maximumIterations = 128

    /// The compact form of `curve` (same control points, same tolerance).
    @usableFromInline package init(_ curve: CubicBezier) {
        self.init(storedX1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2, tolerance: curve.tolerance)
    }

    /// The curve `cubic-bezier(x1, y1, x2, y2)`, validated as `CubicBezier` validates it but without building its
    /// tables (no heap allocation).
    /// - Throws: `InvalidParameterError` for a non-finite value or x1 or x2 outside [0, 1].
    @usableFromInline package init(x1: Double, y1: Double, x2: Double, y2: Double) throws(InvalidParameterError) {
        try BezierRules.validate(x1: x1, y1: y1, x2: x2, y2: y2)
        self.init(validatedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    init(validatedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
        tolerance = BezierRules.tolerance(y1: y1, y2: y2)
    }

    /// The curve from control points and a tolerance already worked out (no validation, no tolerance formula).
    @usableFromInline
    init(storedX1 x1: Double, y1: Double, x2: Double, y2: Double, tolerance: Double) {
        (self.x1, self.y1, self.x2, self.y2, self.tolerance) = (x1, y1, x2, y2, tolerance)
    }

    /// The output progress at input `x` (the CSS tangents outside [0, 1]).
    @inlinable
    package func value(at x: Double) -> Double {
        guard x > 0, x < 1 else { return extrapolated(x) }
        return output(x: x, frameRoot: frameRoot(forInterior: x).v)
    }

    /// The root of the mirrored frame that interior input `x` selects, from a table-free guess (`coarseGuess`) and the
    /// complete solve: frame 0 (v = t, target x) for x ≤ 0.5, frame 1 (v = 1 − t, target 1 − x, exact by Sterbenz)
    /// above, within `tolerance`.
    @inlinable
    package func frameRoot(forInterior x: Double) -> (v: Double, frame: Int, target: Double) {
        let mirrored = x > 0.5
        let frame = BezierFrame(p1: mirrored ? 1 - x2 : x1, p2: mirrored ? 1 - x1 : x2)
        let target = mirrored ? 1 - x : x
        let v = frame.solve(target: target, guess: frame.coarseGuess(target), tolerance: tolerance, newtonSteps: 6)
        return (v, mirrored ? 1 : 0, target)
    }

    /// y at the root `v` of the frame that `x` selects (output progress): y(t) below 0.5, 1 − (1 − y)(t) above, so
    /// that outputs next to 1 keep their low digits; in scaled form (`scaledOutput`) where |y1| or |y2| exceeds
    /// `BezierOutputScale.largestUnscaled`.
    @inlinable @inline(__always)
    package func output(x: Double, frameRoot v: Double) -> Double {
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
    @usableFromInline package var powerForm: (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        CubicBezier.powerForm(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The output progress outside (0, 1): 0 at 0, 1 at 1, the CSS tangent lines beyond (`BezierTangents`: exact
    /// where the result fits, clamped to the finite range where it does not); NaN passes through.
    @inlinable
    package func extrapolated(_ x: Double) -> Double {
        BezierTangents(x1: x1, y1: y1, x2: x2, y2: y2).value(at: x)
    }
}
