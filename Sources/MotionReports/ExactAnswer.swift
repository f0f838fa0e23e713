import MotionCore
import MotionReference

/// The exact output and derivative a measured sample is compared with: for timing functions the correctly rounded
/// output (the double nearest the exact answer for the double parameters and input: `CubicBezier.value(at:)`,
/// `Steps` and `LinearEasing`, each held bit for bit to the exact-integer oracle of `scripts/exact-oracle.py`), and
/// for a Bézier the slope from the GSL reference (Brent on x(t) = x, derivatives in 80-bit arithmetic); springs'
/// progress and velocity correctly rounded too (`Spring.exactProgress(at:)`, `exactVelocity(at:)`, held to the
/// oracle's mpmath vectors).
enum ExactAnswer {
    /// The exact output at `input` and its derivative with respect to the input (±infinity where a Bézier's tangent is
    /// vertical).
    static func evaluate(_ spec: MotionSpec, at input: Double) -> (value: Double, velocity: Double) {
        switch spec {
        case .timingFunction(.cubicBezier(let curve)):
            let reference = BezierReference.evaluate(curve, at: input)
            let slope = reference.slope.isInfinite ? endSlope(curve, at: input) ?? reference.slope : reference.slope
            return (curve.value(at: input), slope)
        case .timingFunction(let function):
            return (function.value(at: input), function.slope(at: input))
        case .spring(let spring):
            return (spring.exactProgress(at: input), spring.exactVelocity(at: input))
        }
    }

    /// The finite slope at an end where x′ and y′ both vanish (the reference reports x′ = 0 as a vertical tangent):
    /// at 0 with (x1, y1) = (0, 0) both grow like t², so dy/dx → y2/x2; at 1 with (x2, y2) = (1, 1), dy/dx →
    /// (1 − y1)/(1 − x1). Nil elsewhere (a true vertical tangent, or x′ and y′ vanishing to different orders).
    static func endSlope(_ curve: CubicBezier, at input: Double) -> Double? {
        if input == 0, curve.x1 == 0, curve.y1 == 0, curve.x2 != 0 { return curve.y2 / curve.x2 }
        if input == 1, curve.x2 == 1, curve.y2 == 1, curve.x1 != 1 { return (1 - curve.y1) / (1 - curve.x1) }
        return nil
    }

    /// Whether the exact output never decreases as the input grows, so that a decrease in a measured series is a
    /// monotonicity violation: Béziers with y1 and y2 in [0, 1], every `steps()`, a `linear()` whose outputs never
    /// decrease; never a spring (which may overshoot and come back).
    static func isMonotone(_ spec: MotionSpec) -> Bool {
        switch spec {
        case .timingFunction(.cubicBezier(let curve)): (0...1).contains(curve.y1) && (0...1).contains(curve.y2)
        case .timingFunction(.steps): true
        case .timingFunction(.linear(let easing)): zip(easing.stops, easing.stops.dropFirst()).allSatisfy { $0.output <= $1.output }
        case .spring: false
        }
    }
}
