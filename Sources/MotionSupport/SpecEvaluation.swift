import MotionCore

/// A timing curve's or a spring's value at one input, and with `slope` its slope (a spring's velocity in progress
/// units per second), as `motionbench eval` prints them: both correctly rounded (a spring's from
/// `Spring.exactProgress(at:)` and `exactVelocity(at:)`), checked to fit the `Double` range.
package struct SpecEvaluation: Sendable {
    /// The output at the input (progress).
    package let value: Double
    /// d(output)/d(input), or a spring's velocity in progress units per second; ±infinity only at a cubic Bézier's
    /// vertical tangent; 0 when not asked for.
    package let slope: Double

    /// The value of `motion` (written `spec`) at `input`, with its slope when `slope` is true (it takes the exact path,
    /// so it is computed only then).
    /// - Throws: `CommandInputError` naming the spec and the input when the exact value or slope lies beyond the range
    ///   of a `Double` (an infinite slope is allowed only at a cubic Bézier's vertical tangent).
    package init(_ motion: MotionSpec, spec: String, at input: Double, slope wanted: Bool) throws(CommandInputError) {
        let (value, slope, valueFits, slopeFits) = Self.evaluate(motion, at: input, slope: wanted)
        guard valueFits else {
            throw CommandInputError(message: "eval: '\(SafeText.quoted(spec))' at input \(formatOutputNumber(input)) has a value "
                                    + "beyond the range of a Double (±1.8e308); use inputs, control points or stops of smaller magnitude")
        }
        // A cubic Bézier's slope is infinite at a vertical tangent; anything else non-finite is an overflow.
        var hasVerticalTangents = false
        if case .timingFunction(.cubicBezier) = motion { hasVerticalTangents = true }
        if !slopeFits || (slope.isInfinite && !hasVerticalTangents) {
            throw CommandInputError(message: "eval: '\(SafeText.quoted(spec))' at input \(formatOutputNumber(input)) has a slope "
                                    + "beyond the range of a Double (±1.8e308); use control points or stops of smaller magnitude")
        }
        (self.value, self.slope) = (value, slope)
    }

    /// The value and slope of `motion` at `input`, and whether each exact value fits the `Double` range. A cubic
    /// Bézier says so itself (it clamps a tangent value or a slope beyond ±1.8e308, and its vertical tangents' ±infinity
    /// fits); for anything else a result that is not finite does not fit, except an infinite slope, which the caller
    /// judges. The slope is computed only when `wanted` is true (0 otherwise).
    static func evaluate(_ motion: MotionSpec, at input: Double, slope wanted: Bool)
        -> (value: Double, slope: Double, valueFits: Bool, slopeFits: Bool)
    {
        switch motion {
        case .timingFunction(.cubicBezier(let curve)):
            let value = curve.checkedValue(at: input)
            let slope = wanted ? curve.checkedSlope(at: input) : (slope: 0, fits: true)
            return (value.value, slope.slope, value.fits && value.value.isFinite, slope.fits && !slope.slope.isNaN)
        case .spring(let spring):
            let value = spring.exactProgress(at: input), slope = wanted ? spring.exactVelocity(at: input) : 0
            return (value, slope, value.isFinite, !slope.isNaN)
        case .timingFunction(let function):
            let value = function.value(at: input), slope = wanted ? function.slope(at: input) : 0
            return (value, slope, value.isFinite, !slope.isNaN)
        }
    }
}
