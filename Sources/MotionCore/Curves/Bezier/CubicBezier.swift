/// A CSS / Core Animation cubic-Bézier timing function through (0, 0), (x1, y1), (x2, y2), (1, 1).
///
/// `value(at:)` solves x(t) = x for the curve parameter t and returns y(t), **correctly rounded**: the double nearest
/// the exact answer for the double control values and input, ties to even (see `value(at:)`). Inputs 0 and 1 return
/// exactly 0 and 1, and curves that are the identity (x1 = y1 and x2 = y2, `linear` among them) return the input
/// itself on [0, 1], with no solve.
///
/// ## The first-order solver's bound
/// The root that `value(at:)` refines, and the batch kernels' outputs (`BasicLayers` and the other layer kernels),
/// which are not correctly rounded, come from a first-order solver that guarantees, for every valid curve and input
/// x in [0, 1],
///
///     |y − y_true| ≤ 1e-12 + 4e-16·|dy/dx| + 8·2^-53·max(1, |y1|, |y2|)
///
/// where y_true is y at the exact root and dy/dx the curve's slope there. The first term holds the solver's tolerance
/// on t (1e-13 / max|y'|, so at most 1e-13 in y) and the second-order term of the first-order output after the last
/// Newton step (at most 1e-13, certified per input), the second the rounding of x(t) next to the root (the Bernstein
/// residual is accurate to a few ulp of min(x, 1 − x)), and the third the rounding of y(t) itself, which is below
/// 1e-14 whenever |y1|, |y2| ≤ 10. The iteration count is bounded. In the batch even the identity is solved, so its
/// outputs are within this bound of the input rather than equal to it.
///
/// When y1 and y2 lie in [0, 1], `value(at:)` never decreases from one double to the next (correct rounding of a
/// non-decreasing function). The first-order outputs are monotone at input steps of 1e-12 and more (the solver's error
/// in t, at most 1e-13, is then smaller than the change of t), and at every step next to 0 and 1, where the error is
/// relative; around a (nearly) stationary inflection, such as 0.5 on (0, 1, 1, 0), where the exact curve is flat
/// below one ulp, y is evaluated in a vertex form that is monotone by construction.
///
/// Outside [0, 1] the curve extrapolates along the CSS Easing 2 tangents (`BezierTangents`).
///
/// ## Representation
/// One type for every use: the curve chooses how to store itself from `Evaluations` and its control points. Built for
/// many evaluations (the default, and every named preset) it carries guess tables (`CubicBezierInverter`, about
/// 9.5 KB, 13 µs to build, about 70 ns per evaluation). Built for few (`evaluations: .few`), and always for the
/// identity and for a curve with a scaled output, it carries none (0.1 µs to build, no allocation, about 135 ns per evaluation) and
/// solves from a table-free guess. The representation changes how the root is found, never the answer: `value(at:)`
/// and `slope(at:)` are correctly rounded in both. The batch kernels store their curves their own way: the control
/// points per layer (`LayerSchedule.set(_:_:curve:)`), or one table per shared curve.
///
/// ## Large control values
/// Every finite control value is valid, up to ±1.7976931348623157e308. Inside [0, 1] the exact output never leaves the
/// `Double` range (|y| ≤ 0.75·max(|y1|, |y2|) + 1), and the result is finite and within the bound above. Where |y1| or
/// |y2| exceeds 2^960 (about 9.7e288) the curve is built with a scaled output cubic (`BezierOutputScale`: y1 and y2
/// times 2^-k, the sum multiplied back by 2^k), and every interior input takes the complete solve with y evaluated in
/// that form, in frame 0's orientation, so that exact cancellations stay exact (`cubic-bezier(0, 1e308, 1, -1e308)`
/// gives 0.125 at 0.5). Other curves build no scale and do no extra work. Outside [0, 1], and for `slope(at:)`, a
/// result whose exact magnitude lies beyond the range is clamped to ±`greatestFiniteMagnitude`; anything that fits
/// is computed without intermediate overflow.
public struct CubicBezier: TimingCurve, Hashable, CustomStringConvertible {
    /// How control points are stored.
    public enum Precision: Sendable, Hashable {
        /// As given (64-bit).
        case double
        /// Rounded to 32-bit floats, as `CAMediaTimingFunction` stores them (0.42 becomes 0.41999998688697815).
        case float32
    }

    /// First control point, x (in [0, 1]).
    public let x1: Double
    /// First control point, y (any finite value).
    public let y1: Double
    /// Second control point, x (in [0, 1]).
    public let x2: Double
    /// Second control point, y (any finite value).
    public let y2: Double

    /// The guess tables and their fast path, built for a curve evaluated many times (`Evaluations.many`); nil for
    /// a curve built for few evaluations, for the identity (which never solves) and for a curve with a scaled output
    /// (whose inputs all take the complete solve): those solve from a table-free guess (`BezierFrame.solve`).
    @usableFromInline let tables: CubicBezierInverter?
    /// Absolute tolerance on the curve parameter (`BezierRules.tolerance`).
    @usableFromInline let tolerance: Double
    /// The CSS extrapolation below 0 and above 1.
    @usableFromInline let tangents: BezierTangents
    /// The correctly rounded fast path's exact control values and bounds, on a curve with tables; a curve without
    /// shares `BezierRefinement.placeholder` and writes its constants to the stack per call, so that it is built with
    /// no allocation.
    @usableFromInline let refinement: BezierRefinement
    /// The output cubic in scaled form where |y1| or |y2| exceeds `BezierOutputScale.largestUnscaled`; nil for every
    /// other curve.
    let outputScale: BezierOutputScale?
    /// Where y' has an interior minimum close to 0 (a stationary or nearly stationary inflection), the exact vertex
    /// form of y used for inputs in its window; `nil` for every other curve.
    @usableFromInline let inflection: StationaryInflection?
    /// Whether y(t) = x(t) for every t (x1 = y1 and x2 = y2, `linear` among them): then the output is the input,
    /// exactly, on [0, 1], and no solve is needed.
    @usableFromInline let isIdentity: Bool
    /// Whether the curve has certified rows (`withCertifiedRows()`).
    @usableFromInline let hasRows: Bool
    /// `isIdentity` or `hasRows`, so that `value(at:)` on a curve that is neither pays one compare for both.
    @usableFromInline let takesShortcut: Bool

    /// y(t) = y(c) + y'(c)·w + a·w³ with w = t − c, c the vertex of y' (so y''(c) = 0) and a the cubic coefficient.
    /// With y'(c) ≥ 0 and a > 0 every term is non-decreasing in w and rounding keeps it so: the output is monotone
    /// even where the curve is flat below one ulp, which the Bernstein form is not.
    ///
    /// The form is used for inputs x whose parameter lies within `radius` of c, a window found from x itself (its
    /// ends x(c ± radius) are computed once), so that the choice is a branch that resolves as soon as x is known and
    /// the vertex form's arithmetic is spent only inside the window. Outside it y'(t) ≥ 3a·radius² = `steepEnough`·S
    /// (S = max(1, |y1|, |y2|)): an input step of 1e-12 moves the parameter by at least 1e-12/3, more than twice
    /// the solver's tolerance (1e-13) with 1.3e-13 to spare, so y moves by at least 2.6e-15·S, more than twice the
    /// regular output's rounding (8 ulp·S): the regular output is monotone there too.
    @usableFromInline
    struct StationaryInflection: Sendable {
        /// Largest half-width, in t, of the window where the vertex form is used.
        static let largestRadius = 0.125
        /// Smallest y'(t), per unit of max(1, |y1|, |y2|), left to the regular output outside the window.
        static let steepEnough = 0.02
        /// Largest y'(c) treated as nearly stationary.
        static let maximumSlope = 1e-3
        @usableFromInline let center: Double
        @usableFromInline let value: Double
        @usableFromInline let slope: Double
        @usableFromInline let cubic: Double
        /// The inputs x(c − radius) and x(c + radius) that bound the window.
        @usableFromInline let lowestInput: Double, highestInput: Double
        /// Whether the certified rows (`withCertifiedRows()`) answer every kept row in the vertex form, not only the
        /// window: where y1 and y2 lie in [0, 1] (so |a| ≤ 7 and the form's rounding stays below 4e-15), the form is
        /// the same cubic, monotone in t everywhere, and one form for every row needs no choice per input.
        @usableFromInline let answersEveryRow: Bool
        /// The window as bit patterns: max(`lowestInput`, +0)'s, and how far `highestInput`'s lies above it. For x ≥ +0
        /// the bit patterns of doubles are ordered as the values, so lowestInput ≤ x ≤ highestInput is one unsigned
        /// compare, `x.bitPattern − windowStart ≤ windowWidth` (wrapping below the start): one branch, taken only
        /// inside the window, where two compares would each be unpredictable with shuffled inputs.
        @usableFromInline let windowStart: UInt64, windowWidth: UInt64

        /// The vertex form of y for control values y1, y2 and its input window on the curve with x control points
        /// x1, x2, when y' has a nearly-zero interior minimum.
        init?(x1: Double, y1: Double, x2: Double, y2: Double) {
            guard abs(y1) <= 1e6, abs(y2) <= 1e6 else { return nil }
            let c = 3 * y1, b = 3 * (y2 - y1) - c, a = 1 - c - b
            guard a > 0 else { return nil }
            let center = -b / (3 * a)
            let slope = (3 * a * center + 2 * b) * center + c
            let radius = Swift.min((Self.steepEnough * Swift.max(1, abs(y1), abs(y2)) / (3 * a)).squareRoot(),
                                   Self.largestRadius)
            guard center > radius, center < 1 - radius, slope >= 0, slope <= Self.maximumSlope else {
                return nil
            }
            let s = 1 - center
            self.center = center
            self.value = 3 * s * center * (s * y1 + center * y2) + center * center * center
            self.slope = slope
            self.cubic = a
            answersEveryRow = (0...1).contains(y1) && (0...1).contains(y2)
            // x(t) (frame 0's B) is rounded to a few ulp: widen the window by a hair, so that it holds every t within
            // `radius`.
            let x = BezierFrame(p1: x1, p2: x2)
            (lowestInput, highestInput) = (x.position(center - radius) - 0x1p-40, x.position(center + radius) + 0x1p-40)
            windowStart = Swift.max(lowestInput, 0).bitPattern
            windowWidth = highestInput.bitPattern &- windowStart
        }

        /// Whether input `x` in (0, 1) lies in [`lowestInput`, `highestInput`].
        @inlinable @inline(__always)
        func contains(_ x: Double) -> Bool {
            x.bitPattern &- windowStart <= windowWidth
        }

        @inlinable @inline(__always)
        func y(t: Double) -> Double {
            let w = t - center
            return value + (slope * w + cubic * (w * w * w))
        }
    }

    /// Creates the curve `cubic-bezier(x1, y1, x2, y2)`, its control points as given or (`precision: .float32`) rounded
    /// to 32-bit floats. It chooses its representation from `evaluations` (`Evaluations`): guess tables for `.many`
    /// (the default), none for `.few`. Every representation gives the same answers.
    ///
    /// - Throws: `InvalidParameterError` when a value is not finite or x1 or x2 lies outside [0, 1], e.g.
    ///   `cubic-bezier: x1 = 1.1 is outside [0, 1]`.
    public init(x1: Double, y1: Double, x2: Double, y2: Double, precision: Precision = .double,
                evaluations: Evaluations = .many) throws(InvalidParameterError)
    {
        try BezierRules.validate(x1: x1, y1: y1, x2: x2, y2: y2)
        guard precision == .float32 else {
            self.init(validatedX1: x1, y1: y1, x2: x2, y2: y2, evaluations: evaluations)
            return
        }
        let rounded = [x1, y1, x2, y2].map { Double(Float($0)) }
        for (name, value) in zip(["x1", "y1", "x2", "y2"], [x1, y1, x2, y2]) where !Double(Float(value)).isFinite {
            throw InvalidParameterError(
                context: "cubic-bezier", parameter: name, value: value, rule: "does not fit in a 32-bit float")
        }
        self.init(validatedX1: rounded[0], y1: rounded[1], x2: rounded[2], y2: rounded[3], evaluations: evaluations)
    }

    /// Creates the curve as Core Animation's `CAMediaTimingFunction(controlPoints:)` does: control points rounded
    /// to 32-bit floats.
    public static func coreAnimation(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
        throws(InvalidParameterError) -> CubicBezier
    {
        try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2, precision: .float32)
    }

    /// Builds the curve from control points already known to be valid, in the representation `evaluations` asks for
    /// (see `Evaluations`), with certified rows (`withCertifiedRows()`) when `certifiedRows` is true.
    init(validatedX1 x1: Double, y1: Double, x2: Double, y2: Double, evaluations: Evaluations = .many,
         certifiedRows: Bool = false)
    {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        let tolerance = BezierRules.tolerance(y1: y1, y2: y2)
        self.tolerance = tolerance
        let outputScale = BezierOutputScale(y1: y1, y2: y2)
        self.outputScale = outputScale
        let inflection = StationaryInflection(x1: x1, y1: y1, x2: x2, y2: y2)
        self.inflection = inflection
        let identity = x1 == y1 && x2 == y2
        if Self.needsTables(evaluations: evaluations, identity: identity, scaled: outputScale != nil,
                            certifiedRows: certifiedRows) {
            tables = CubicBezierInverter(
                x1: x1, x2: x2, y1: y1, y2: y2, tolerance: tolerance, outputScale: outputScale,
                rows: certifiedRows ? (inflection.map { ($0.lowestInput, $0.highestInput) },
                                       inflection?.answersEveryRow != true) : nil)
        } else {
            tables = nil
        }
        tangents = BezierTangents(x1: x1, y1: y1, x2: x2, y2: y2)
        refinement = tables == nil ? .placeholder : BezierRefinement(x1: x1, y1: y1, x2: x2, y2: y2)
        isIdentity = identity
        hasRows = tables?.hasCertifiedRowTable ?? false
        takesShortcut = isIdentity || hasRows
    }

    /// The same curve with certified rows (`CertifiedScalarRows`): 128 rows over the input (12 KB, plus 512 bytes
    /// per row split into subrows), each certified when it is built (about 3 million instructions per curve). An input
    /// in an output row or subrow costs two table reads and a degree-7 polynomial, with no call and no branch between
    /// a row and a subrow; in a parameter row the polynomial gives t, and y follows as after the Newton step; a row
    /// that certifies as neither is split into 8 subrows; the rest (next to 0 and 1, and subrows touching a vertical
    /// tangent or flat start) take the usual solve. Outputs stay within the type's error bound and keep its
    /// monotonicity (an output row is kept only where it rises by more than twice its error over any 1e-12 step, and a
    /// parameter row's t is within the solver's tolerance of the root), but differ from the curve's without rows by up
    /// to about 1e-14 where the Newton step's output is within a few ulp (`easeInOut` at 0.5 gives
    /// 0.5000000000000017). The rows answer `approximateValue(at:)` only: `value(at:)` is correctly rounded and does
    /// not read them, so they serve the tests of the rows (package API; the `bezier-rows` gate workload still builds
    /// them, but measures `value(at:)`). Curves, the named ones too, are built without rows unless asked; a `.few`
    /// curve asked for rows gets tables too. Equal (`==`) to the curve without rows.
    package func withCertifiedRows() -> CubicBezier {
        hasRows ? self : CubicBezier(validatedX1: x1, y1: y1, x2: x2, y2: y2, certifiedRows: true)
    }

    /// Whether the curve has certified rows (`withCertifiedRows()`; a curve with a scaled output keeps none).
    package var hasCertifiedRows: Bool { hasRows }

    /// Whether the solver's guess table and one certified Newton step finish input `x` in (0, 1), without the complete
    /// solve (a measure of the table's fit, for tests).
    func finishesInOneStep(_ x: Double) -> Bool { tables?.finishesInOneStep(x) ?? false }

    /// Whether input `x` in (0, 1) is answered on `interiorValue`'s fast path (a main or octave row and that row's
    /// certificate), for tests.
    func finishesOnTheFastPath(_ x: Double) -> Bool {
        x >= CubicBezierInverter.smallestFirstOrderTarget && tables?.fastStep(forInterior: x).final == true
    }

    /// The curve parameter t with x(t) = x, for x in [0, 1] (within the solver's tolerance).
    public func parameter(at x: Double) -> Double {
        if x > 0, x < 1 { return interiorParameter(x) }
        return min(max(x, 0), 1)
    }

    /// The smallest and largest output over inputs in [0, 1].
    public var outputRange: (min: Double, max: Double) {
        var low = 0.0, high = 1.0
        for t in criticalParameters() {
            let y = y(s: 1 - t, t: t)
            low = Swift.min(low, y)
            high = Swift.max(high, y)
        }
        return (low, high)
    }

    /// The power-form coefficients of x(t) = ((ax·t + bx)·t + cx)·t and y(t) = ((ay·t + by)·t + cy)·t, as browser
    /// solvers store them (c = 3·p1, b = 3·(p2 − p1) − c, a = 1 − c − b; unitless). Unscaled, as the browsers have
    /// them: where 3·|y1|, 3·|y2| or the differences exceed the `Double` range (control values beyond about ±6e307)
    /// the y coefficients are infinite or NaN, as the browsers' are. MotionCore's own evaluation never uses them.
    public var powerForm: (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        Self.powerForm(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// The power-form coefficients (see `powerForm`) of the curve with control points (x1, y1), (x2, y2).
    static func powerForm(x1: Double, y1: Double, x2: Double, y2: Double)
        -> (ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double)
    {
        let cx = 3 * x1, bx = 3 * (x2 - x1) - 3 * x1
        let cy = 3 * y1, by = 3 * (y2 - y1) - 3 * y1
        return (1 - cx - bx, bx, cx, 1 - cy - by, by, cy)
    }

    /// `cubic-bezier(x1, y1, x2, y2)` with CSS number formatting.
    public var description: String {
        "cubic-bezier(\([x1, y1, x2, y2].map(formatSpecNumber).joined(separator: ", ")))"
    }

    /// Two curves are equal when their control points are.
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        for value in [x1, y1, x2, y2] { hasher.combine(value) }
    }

    // MARK: - Evaluation helpers

    /// y(t) in Bernstein form with s = 1 − t passed separately: 3st·s·y1 + 3st·t·y2 + t³ (each product is bounded
    /// by 4/9 of a control point, so the sum cannot overflow for any finite control points), or in the scaled form
    /// where the curve has one (`outputScale`). Output progress.
    func y(s: Double, t: Double) -> Double {
        if let outputScale { return outputScale.value(s: s, t: t) }
        let w = 3 * s * t
        return (w * s) * y1 + ((w * t) * y2 + t * t * t)
    }

    /// The CSS extrapolation for x ≤ 0 or x ≥ 1 (`BezierTangents`), the complete solve for x in (0, 2^-900), and NaN
    /// passed through. Never inlined: `value(at:)`'s loop then keeps the one call per input it always had, with no
    /// extra register traffic for this rare path.
    @usableFromInline @inline(never)
    func extrapolatedValue(at x: Double) -> Double {
        if x > 0, x < 1 { return isIdentity ? x : completeInteriorValue(x) }
        return tangents.value(at: x)
    }

    /// Clamps to the finite `Double` range.
    @usableFromInline
    static func saturated(_ value: Double) -> Double {
        min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// `value` clamped to the finite `Double` range, and whether it was already within it (NaN passes through).
    static func clamped(_ value: Double) -> (Double, fits: Bool) {
        value.isNaN ? (value, true) : (saturated(value), value.isFinite)
    }

}

/// The real roots of a·x² + b·x + c, computed without cancellation; a linear equation when a = 0.
func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
    if a == 0 { return b == 0 ? [] : [-c / b] }
    let discriminant = b * b - 4 * a * c
    if discriminant < 0 { return [] }
    let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
    if q == 0 { return [0] }
    return [q / a, c / q]
}
