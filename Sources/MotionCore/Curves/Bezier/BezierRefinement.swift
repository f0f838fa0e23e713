/// The fast path of `CubicBezier.value(at:)`'s correct rounding: one Newton step against the exact curve in
/// double-double arithmetic from the inverter's frame root, y to about 2^-98 of its terms with a rigorous error bound,
/// and the rounding test. Where the test passes, the result is the double nearest y(t*) (t* the exact root for the
/// double control values and input); where it fails (next to a midpoint between doubles, next to vertical tangents
/// inside the curve, below 2^-900, curves with a scaled output), `value` returns nil and `ExactBezierValue` answers.
///
/// ## The step and its bound (in the inverter's frame: v = t below x = 0.5, v = s = 1 − t above)
/// The frame's control values are exact double-doubles (1 − x2, 1 − x1, 1 − y2, 1 − y1 in frame 1), and so, to about
/// 2^-104 of 1 + |p1| + |p2|, are the power-form coefficients of B(v) = a·v³ + b·v² + c·v (c = 3p1, b = 3p2 − 6p1,
/// a = 1 − 3p2 + 3p1) and of Y, built once with their high parts split. With X the frame target (exact):
/// - B(v) and Y(v) in double-double on two SIMD lanes: v² exactly, v³ to 2^-106, each term a·v^k by Dekker's product
///   of the split high parts plus the cross terms, the three summed by two-sums. Error at most 2^-98·(|a|v³ + |b|v² +
///   |c|v) (a few operations of relative error ≤ 4·2^-106 each) plus 2^-96·(1 + |p1| + |p2|)·v for the coefficients'
///   own rounding (the same with q1, q2 for Y): ε_R for R = B(v) − X, ε_Y for Y.
/// - B′(v) = 3a·v² + 2b·v + c in double from the high parts, error e_B ≤ 2^-50·(3|a|v² + 2|b|v + |c|) +
///   3·2^-50·(1 + |p1| + |p2|) (the low parts), and δ = R/B′(v).
/// - With B_d = B′(v) − e_B > 0, Δ₀ = 2(|R| + ε_R)/B_d and K = max|B″| on [0, 1]: if K·Δ₀ ≤ B_d/2, then B′ ≥ B_d/2 on
///   [v − Δ₀, v + Δ₀], so the root v* lies there, and the Newton iterate v − δ is within
///   e_v = K·Δ₀²/(2B_d) + ε_R/B_d + |δ|·(e_B/B_d + 2^-51) of v*.
/// - The output is Y(v) − Y′(v)·δ, Y(v) in double-double (error ε_Y), Y′(v) in double (error e_Y like e_B). With L = max|Y″| on [0, 1] and Y′_max = |Y′(v)| + e_Y + L·(Δ₀ + |δ|) its bound near v,
///   |y − y(t*)| ≤ ε = ε_Y + L·δ²/2 + Y′_max·e_v + (e_Y + 2^-52·|Y′(v)|)·|δ|, taken 1.5 times, plus 2^-1000 for the
///   rounding of products that fall below the normal range.
/// - The rounding test: with y = y_h + y_l (|y_l| ≤ ulp(y_h)/2), y_h is the nearest double to every value within ε of y
///   when y_l + ε and y_l − ε stay strictly inside half the gaps to y_h's neighbours.
/// Control values beyond 2^960 (a scaled output) and targets below 2^-900 never take this path.
@usableFromInline
final class BezierRefinement: @unchecked Sendable {
    /// Doubles per frame in `storage`.
    @usableFromInline static let stride = 32
    /// Relative error bound of the double-double cubics.
    @usableFromInline static let cubicError = 0x1p-98
    /// Relative error bound of a derivative evaluated in double.
    @usableFromInline static let slopeError = 0x1p-50
    /// Absolute allowance for products below the normal range.
    @usableFromInline static let underflowAllowance = 0x1p-1000
    /// Smallest frame target answered here.
    @usableFromInline static let smallestTarget = 0x1p-900

    /// Per frame, as pairs (x cubic's lane, output cubic's lane) for SIMD2: the power-form coefficients of
    /// B(v) = a·v³ + b·v² + c·v and of Y(v), each a double-double whose high part is stored with its Veltkamp split:
    /// [0…7] a (high, its split's high and low, low), [8…15] b, [16…23] c; [24, 25] the allowance for the coefficients'
    /// own rounding (2^-96·(1 + |p1| + |p2|), the same with q1, q2); [26, 27] K = max|B″| and L = max|Y″| on [0, 1]
    /// (inflated by 1%); [28, 29] the slopes' absolute allowance (3·2^-50·(1 + |p1| + |p2|), the same with q);
    /// [30] the output offset (0 in frame 0, 1 in frame 1).
    @usableFromInline let storage: UnsafeMutablePointer<Double>
    /// Whether the curve's control values allow this path (below `BezierOutputScale.largestUnscaled`).
    @usableFromInline let isUsable: Bool

    /// The refinement constants of the curve with control values `x1`, `y1`, `x2`, `y2` (x1, x2 ∈ [0, 1]).
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        storage = .allocate(capacity: 2 * Self.stride)
        storage.initialize(repeating: 0, count: 2 * Self.stride)
        isUsable = Self.isUsable(y1: y1, y2: y2)
        Self.writeFrame(0, x1: x1, y1: y1, x2: x2, y2: y2, into: storage)
        Self.writeFrame(1, x1: x1, y1: y1, x2: x2, y2: y2, into: storage + Self.stride)
    }

    /// Whether control values `y1`, `y2` allow this path (at most `BezierOutputScale.largestUnscaled`).
    @inlinable
    static func isUsable(y1: Double, y2: Double) -> Bool {
        max(abs(y1), abs(y2)) <= BezierOutputScale.largestUnscaled
    }

    /// Writes frame `frame`'s `stride` constants (see `storage`) for the curve with control values `x1`, `y1`, `x2`,
    /// `y2` to `k`: frame 0's control values as given, frame 1's mirrored (1 − x2, 1 − x1, 1 − y2, 1 − y1, exact as
    /// double-doubles). No allocation: a curve without stored constants writes them to the stack per call.
    static func writeFrame(_ frame: Int, x1: Double, y1: Double, x2: Double, y2: Double,
                           into k: UnsafeMutablePointer<Double>) {
        if frame == 0 {
            writeLane(0, DoubleDouble(x1), DoubleDouble(x2), into: k)
            writeLane(1, DoubleDouble(y1), DoubleDouble(y2), into: k)
        } else {
            writeLane(0, DoubleDouble.sum(1, -x2), DoubleDouble.sum(1, -x1), into: k)
            writeLane(1, DoubleDouble.sum(1, -y2), DoubleDouble.sum(1, -y1), into: k)
        }
        k[30] = Double(frame)
        k[31] = 0
    }

    /// Writes one lane (0: the x cubic, 1: the output cubic) of a frame's constants from its control values `c1`, `c2`.
    private static func writeLane(_ lane: Int, _ c1: DoubleDouble, _ c2: DoubleDouble,
                                  into k: UnsafeMutablePointer<Double>) {
        // c = 3·c1, b = 3·c2 − 6·c1, a = 1 − 3·c2 + 3·c1, each to about 2^-104 of |c1| + |c2| + 1.
        let c = c1 * 3
        let b = c2 * 3 + c1 * -6
        let a = (c2 * -3 + c1 * 3) + 1
        writeCoefficient(a, slot: 0, lane: lane, into: k)
        writeCoefficient(b, slot: 1, lane: lane, into: k)
        writeCoefficient(c, slot: 2, lane: lane, into: k)
        let size = 1 + abs(c1.high) + abs(c2.high)
        k[24 + lane] = 0x1p-96 * size
        k[26 + lane] = 6 * max(abs(c2.high - 2 * c1.high), abs(1 - 2 * c2.high + c1.high)) * 1.01
        k[28 + lane] = 3 * Self.slopeError * size
    }

    /// Writes a coefficient's high part, its split and its low part to slot `slot` (a, b, c) of lane `lane`.
    private static func writeCoefficient(_ coefficient: DoubleDouble, slot: Int, lane: Int,
                                         into k: UnsafeMutablePointer<Double>) {
        let split = DoubleDouble.split(coefficient.high)
        let base = 8 * slot + lane
        (k[base], k[base + 2], k[base + 4], k[base + 6]) = (coefficient.high, split.high, split.low, coefficient.low)
    }

    /// `value(v:frame:target:)` for a curve that stores no constants (built for few evaluations): the frame's
    /// constants written to the stack, then the same step and test.
    static func value(x1: Double, y1: Double, x2: Double, y2: Double, v: Double, frame: Int,
                      target: Double) -> Double? {
        guard isUsable(y1: y1, y2: y2) else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: stride) { buffer -> Double? in
            // baseAddress! cannot fail: the buffer has `stride` (> 0) elements.
            let k = buffer.baseAddress!
            writeFrame(frame, x1: x1, y1: y1, x2: x2, y2: y2, into: k)
            return value(UnsafePointer(k), v: v, target: target)
        }
    }

    /// The instance every curve without tables holds in place of its own (it writes its constants to the stack per
    /// call instead), so that building such a curve allocates nothing; it is never evaluated.
    static let placeholder = BezierRefinement(x1: 0, y1: 0, x2: 1, y2: 1)

    deinit { storage.deallocate() }

    /// The pair of doubles at `offset` of a frame's constants.
    @inlinable @inline(__always)
    static func pair(_ k: UnsafePointer<Double>, _ offset: Int) -> SIMD2<Double> {
        SIMD2(k[offset], k[offset + 1])
    }

    /// |a| lane by lane.
    @inlinable @inline(__always)
    static func magnitude(_ a: SIMD2<Double>) -> SIMD2<Double> { SIMD2(abs(a.x), abs(a.y)) }

    /// A coefficient's term times the double-double power p (its high part split): Dekker's exact product of the high
    /// parts, plus the cross terms (relative error a few 2^-106), on both lanes.
    @inlinable @inline(__always)
    static func term(_ k: UnsafePointer<Double>, _ base: Int, power p: DoubleDouble, split s: (high: Double, low: Double))
        -> (high: SIMD2<Double>, low: SIMD2<Double>)
    {
        let high = pair(k, base), splitHigh = pair(k, base + 2), splitLow = pair(k, base + 4), low = pair(k, base + 6)
        let product = high * p.high
        let error = ((splitHigh * s.high - product) + splitHigh * s.low + splitLow * s.high) + splitLow * s.low
        return (product, error + (high * p.low + low * p.high))
    }

    /// The double nearest y(t*) for frame root `v` of `frame` and frame target `target` (see the type), or nil where the
    /// rounding test or the step's certificate fails.
    @inlinable
    func value(v: Double, frame: Int, target: Double) -> Double? {
        guard isUsable else { return nil }
        return Self.value(UnsafePointer(storage + Self.stride &* frame), v: v, target: target)
    }

    /// The step and the rounding test from one frame's constants `k` (`stride` doubles, as `writeFrame` writes them).
    @inlinable @inline(__always)
    static func value(_ k: UnsafePointer<Double>, v: Double, target: Double) -> Double? {
        guard target >= Self.smallestTarget, v > 0, v < 1 else { return nil }
        // v, v² and v³ as double-doubles (v² exact), each high part split once for both lanes.
        let vSplit = DoubleDouble.split(v)
        let square = DoubleDouble.product(v, vSplit, v, vSplit)
        let squareSplit = DoubleDouble.split(square.high)
        var cube = DoubleDouble.product(square.high, squareSplit, v, vSplit)
        cube.low += square.low * v
        let cubeSplit = DoubleDouble.split(cube.high)
        // B(v) and Y(v) on two lanes: a·v³ + b·v² + c·v, the three terms summed with two-sums.
        let t3 = Self.term(k, 0, power: cube, split: cubeSplit)
        let t2 = Self.term(k, 8, power: square, split: squareSplit)
        let t1 = Self.term(k, 16, power: DoubleDouble(v), split: vSplit)
        let s1 = t3.high + t2.high
        let v1 = s1 - t3.high
        let e1 = (t3.high - (s1 - v1)) + (t2.high - v1)
        let s2 = s1 + t1.high
        let v2 = s2 - s1
        let e2 = (s1 - (s2 - v2)) + (t1.high - v2)
        let lowSum = (e1 + e2) + (t3.low + t2.low + t1.low)
        let cubicHigh = s2 + lowSum
        let cubicLow = lowSum - (cubicHigh - s2)
        // Magnitudes (the bound's scale) and slopes, both lanes in double.
        let lanes = SIMD2<Double>(repeating: v)
        let (a, b, c) = (Self.pair(k, 0), Self.pair(k, 8), Self.pair(k, 16))
        let (absA, absB, absC) = (Self.magnitude(a), Self.magnitude(b), Self.magnitude(c))
        let magnitudeInner: SIMD2<Double> = absA * lanes + absB
        let magnitude: SIMD2<Double> = (magnitudeInner * lanes + absC) * lanes
        let slopeInner: SIMD2<Double> = 3 * a * lanes + 2 * b
        let slopes: SIMD2<Double> = slopeInner * lanes + c
        let slopeMagnitudeInner: SIMD2<Double> = 3 * absA * lanes + 2 * absB
        let slopeMagnitudes: SIMD2<Double> = slopeMagnitudeInner * lanes + absC
        let cubicBounds: SIMD2<Double> = Self.cubicError * magnitude + Self.pair(k, 24) * lanes
        let slopeBounds: SIMD2<Double> = Self.slopeError * slopeMagnitudes + Self.pair(k, 28)
        // R = B(v) − X, δ = R/B′(v).
        let residualParts = DoubleDouble(cubicHigh.x, cubicLow.x) + (-target)
        let residual = residualParts.high + residualParts.low
        let slope = slopes.x, outputSlope = slopes.y
        let residualBound = cubicBounds.x, outputBound = cubicBounds.y
        let slopeBound = slopeBounds.x, outputSlopeBound = slopeBounds.y
        let delta = residual / slope
        let lowSlope = slope - slopeBound
        let reach = 2 * (abs(residual) + residualBound) / lowSlope
        let curvature = k[26], outputCurvature = k[27]
        guard lowSlope > 0, curvature * reach <= 0.5 * lowSlope else { return nil }
        let step = abs(delta)
        let parameterBound = curvature * reach * reach / (2 * lowSlope) + residualBound / lowSlope
            + step * (slopeBound / lowSlope + 0x1p-51)
        let outputSlopeMaximum = abs(outputSlope) + outputSlopeBound + outputCurvature * (reach + step)
        let bound = 1.5 * (outputBound + 0.5 * outputCurvature * step * step
            + outputSlopeMaximum * parameterBound + (outputSlopeBound + 0x1p-52 * abs(outputSlope)) * step)
            + Self.underflowAllowance
        // y in the frame, then in the curve's orientation (offset − y in frame 1).
        let frameOutput = DoubleDouble(cubicHigh.y, cubicLow.y) + (-(outputSlope * delta))
        let offset = k[30]
        let curveOutput = offset == 0 ? frameOutput : DoubleDouble.sum(offset, -frameOutput.high) + (-frameOutput.low)
        return Self.roundsTo(curveOutput.normalized, within: bound)
    }

    /// `value.high` when every real number within `bound` of `value` (normalized) rounds to it, else nil.
    @inlinable @inline(__always)
    static func roundsTo(_ value: DoubleDouble, within bound: Double) -> Double? {
        let high = value.high
        guard high.isFinite else { return nil }
        let above = high.nextUp - high, below = high - high.nextDown
        guard value.low + bound < 0.5 * above, value.low - bound > -0.5 * below else { return nil }
        return high
    }
}
