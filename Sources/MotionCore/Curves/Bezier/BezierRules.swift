/// The rules every cubic-Bézier representation shares (`CubicBezier`, `CompactCubicBezier`, the batch's rows): which
/// control points are a timing curve, and the tolerance in the curve parameter its inverter solves to.
enum BezierRules {
    /// Checks `cubic-bezier(x1, y1, x2, y2)`: every value finite, x1 and x2 in [0, 1] (y1 and y2 may be any finite
    /// value).
    /// - Throws: `InvalidParameterError` naming the first value that breaks a rule, e.g.
    ///   `cubic-bezier: x1 = 1.1 is outside [0, 1]`.
    static func validate(x1: Double, y1: Double, x2: Double, y2: Double) throws(InvalidParameterError) {
        let context = "cubic-bezier"
        try requireFinite(x1, "x1", in: context)
        try requireFinite(y1, "y1", in: context)
        try requireFinite(x2, "x2", in: context)
        try requireFinite(y2, "y2", in: context)
        // Two checks, not a loop over an array: building a curve for few evaluations allocates nothing.
        try requireUnitInterval(x1, "x1", in: context)
        try requireUnitInterval(x2, "x2", in: context)
    }

    /// Throws unless `value` (control point `name`) lies in [0, 1].
    private static func requireUnitInterval(_ value: Double, _ name: String, in context: String)
        throws(InvalidParameterError)
    {
        guard (0...1).contains(value) else {
            throw InvalidParameterError(context: context, parameter: name, value: value, rule: "is outside [0, 1]")
        }
    }

    /// The tolerance on the curve parameter t that keeps the output's error from t within 1e-13: 1e-13 divided by the
    /// largest |y′(t)| (`CubicBezier.maximumParameterSlope`), between 2^-60 and 1e-13.
    static func tolerance(y1: Double, y2: Double) -> Double {
        min(max(1e-13 / CubicBezier.maximumParameterSlope(y1: y1, y2: y2), 0x1p-60), 1e-13)
    }
}
