import MotionCore

/// Reference values of cubic-Bézier timing functions, independent of MotionCore's solver.
///
/// x(t) = x is inverted with GSL's Brent solver on [0, 1] to the resolution of `Double` (relative interval
/// tolerance 2^-51), then polished with Steffenson's method; x(t), x'(t) and y(t) are evaluated in `ExtendedReal`
/// (80-bit on x86-64). The reference's own error in y is about |y'(t)|·ulp(t) plus one rounding: small on
/// ordinary curves away from vertical tangents, and far larger next to them, where t itself is known only to ulp(t). A
/// cross-check for the tests; the exact answers MotionBench reports come from `CubicBezier.value(at:)`, which is
/// correctly rounded.
public enum BezierReference {
    /// A reference evaluation.
    public struct Value: Sendable {
        /// The curve parameter with x(t) = x.
        public let parameter: Double
        /// y(t).
        public let value: Double
        /// dy/dx at t; `±infinity` where x'(t) = 0.
        public let slope: Double
        /// Brent iterations used.
        public let iterations: Int
    }

    /// y at the root of x(t) = x found by Newton's method entirely in `ExtendedReal`, started from GSL's root: an
    /// independent, higher-precision check of the reference itself (for points where x'(t) is not tiny).
    public static func polished(_ curve: CubicBezier, at x: Double) -> Double {
        let (x1, x2, y1, y2) = (ExtendedReal(curve.x1), ExtendedReal(curve.x2), ExtendedReal(curve.y1), ExtendedReal(curve.y2))
        func bernstein(_ t: ExtendedReal, _ p1: ExtendedReal, _ p2: ExtendedReal) -> ExtendedReal {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var t = ExtendedReal(evaluate(curve, at: x).parameter)
        for _ in 0..<8 {
            let s = 1 - t
            let slope = 3 * (s * s * x1 + 2 * s * t * (x2 - x1) + t * t * (1 - x2))
            guard slope != 0 else { break }
            t -= (bernstein(t, x1, x2) - ExtendedReal(x)) / slope
        }
        return Double(bernstein(t, y1, y2))
    }

    /// Evaluates `curve` at input `x` in [0, 1].
    public static func evaluate(_ curve: CubicBezier, at x: Double) -> Value {
        let (x1, x2) = (ExtendedReal(curve.x1), ExtendedReal(curve.x2))
        let (y1, y2) = (ExtendedReal(curve.y1), ExtendedReal(curve.y2))
        let target = ExtendedReal(x)
        func bernstein(_ t: ExtendedReal, _ p1: ExtendedReal, _ p2: ExtendedReal) -> ExtendedReal {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        func speed(_ t: ExtendedReal, _ p1: ExtendedReal, _ p2: ExtendedReal) -> ExtendedReal {
            let s = 1 - t
            return 3 * (s * s * p1 + 2 * s * t * (p2 - p1) + t * t * (1 - p2))
        }
        let root: GSLRootFinder.Root
        if x <= 0 || x >= 1 {
            root = GSLRootFinder.Root(location: min(max(x, 0), 1), iterations: 0, converged: true)
        } else {
            root = GSLRootFinder.brent(
                in: 0, 1,
                function: { Double(bernstein(ExtendedReal($0), x1, x2) - target) },
                derivative: { Double(speed(ExtendedReal($0), x1, x2)) })
        }
        let t = ExtendedReal(root.location)
        let xSpeed = speed(t, x1, x2), ySpeed = speed(t, y1, y2)
        let slope: Double = xSpeed > 0 ? Double(ySpeed / xSpeed) : (ySpeed >= 0 ? .infinity : -.infinity)
        return Value(parameter: root.location, value: Double(bernstein(t, y1, y2)), slope: slope,
                     iterations: root.iterations)
    }
}
