/// The fast path of `CubicBezier.value(at:)`'s correct rounding: one Newton step against the exact curve in
/// double-double arithmetic from the inverter's frame root, y to about 2^-98 of its terms with a rigorous error bound,
/// and the rounding test. Where the test passes, the result is the double nearest y(t*) (t* the exact root for the
/// double control values and input); where it fails (next to a midpoint between doubles, next to vertical tangents
/// inside the curve, below 2^-900, curves with a scaled output), `value` returns nil and `ExactBezierValue` answers.
///
/// ## The step and its bound (in the inverter's frame: v = t below x = 0.5, v = s = 1 − t above)
/// The frame's control values are held exactly as double-doubles (1 − x2, 1 − x1, 1 − y2, 1 − y1 in frame 1), and
/// w = 1 − v exactly. With B the frame's x cubic, Y its output cubic, X the frame target (exact):
/// - R = B(v) − X with B(v) in double-double: error ε_R ≤ 2^-98·B(v) (every Bernstein term of B is non-negative; about
///   ten operations of relative error ≤ 4·2^-106 each).
/// - B′(v) in double from its Bernstein form, error e_B ≤ 2^-50·(the sum of its terms' magnitudes) + 2^-50 (the low
///   parts of the control values), and δ = R/B′(v).
/// - With B_d = B′(v) − e_B > 0, Δ₀ = 2(|R| + ε_R)/B_d and K = max|B″| on [0, 1]: if K·Δ₀ ≤ B_d/2, then B′ ≥ B_d/2 on
///   [v − Δ₀, v + Δ₀], so the root v* lies there, and the Newton iterate v − δ is within
///   e_v = K·Δ₀²/(2B_d) + ε_R/B_d + |δ|·(e_B/B_d + 2^-51) of v*.
/// - The output is Y(v) − Y′(v)·δ, Y(v) in double-double (error ε_Y ≤ 2^-98 of its terms' magnitudes), Y′(v) in
///   double (error e_Y like e_B). With L = max|Y″| on [0, 1] and Y′_max = |Y′(v)| + e_Y + L·(Δ₀ + |δ|) its bound near v,
///   |y − y(t*)| ≤ ε = ε_Y + L·δ²/2 + Y′_max·e_v + (e_Y + 2^-52·|Y′(v)|)·|δ|, taken 1.5 times, plus 2^-1000 for the
///   rounding of products that fall below the normal range.
/// - The rounding test: with y = y_h + y_l (|y_l| ≤ ulp(y_h)/2), y_h is the nearest double to every value within ε of y
///   when y_l + ε and y_l − ε stay strictly inside half the gaps to y_h's neighbours.
/// Control values beyond 2^960 (a scaled output) and targets below 2^-900 never take this path.
@usableFromInline
final class BezierRefinement: @unchecked Sendable {
    /// Doubles per frame in `storage`.
    @usableFromInline static let stride = 20
    /// Relative error bound of the double-double cubics.
    @usableFromInline static let cubicError = 0x1p-98
    /// Relative error bound of a derivative evaluated in double.
    @usableFromInline static let slopeError = 0x1p-50
    /// Absolute allowance for products below the normal range.
    @usableFromInline static let underflowAllowance = 0x1p-1000
    /// Smallest frame target answered here.
    @usableFromInline static let smallestTarget = 0x1p-900

    /// Per frame: [0, 1] p1 (high, low), [2, 3] p2, [4, 5] q1, [6, 7] q2, [8…10] B′'s Bernstein coefficients
    /// 3p1, 3(p2 − p1), 3(1 − p2), [11…13] Y′'s, [14] K = max|B″|, [15] L = max|Y″| (both inflated by 1%), [16] the
    /// allowance for the control values' low parts in Y′, [17] the output offset (0 in frame 0, 1 in frame 1).
    @usableFromInline let storage: UnsafeMutablePointer<Double>
    /// Whether the curve's control values allow this path (below `BezierOutputScale.largestUnscaled`).
    @usableFromInline let isUsable: Bool

    /// The refinement constants of the curve with control values `x1`, `y1`, `x2`, `y2` (x1, x2 ∈ [0, 1]).
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        storage = .allocate(capacity: 2 * Self.stride)
        storage.initialize(repeating: 0, count: 2 * Self.stride)
        isUsable = max(abs(y1), abs(y2)) <= BezierOutputScale.largestUnscaled
        let frames = [
            (DoubleDouble(x1), DoubleDouble(x2), DoubleDouble(y1), DoubleDouble(y2), 0.0),
            (DoubleDouble.sum(1, -x2), DoubleDouble.sum(1, -x1), DoubleDouble.sum(1, -y2), DoubleDouble.sum(1, -y1), 1.0),
        ]
        for (index, (p1, p2, q1, q2, offset)) in frames.enumerated() {
            let k = storage + Self.stride * index
            (k[0], k[1], k[2], k[3]) = (p1.high, p1.low, p2.high, p2.low)
            (k[4], k[5], k[6], k[7]) = (q1.high, q1.low, q2.high, q2.low)
            (k[8], k[9], k[10]) = (3 * p1.high, 3 * (p2.high - p1.high), 3 * (1 - p2.high))
            (k[11], k[12], k[13]) = (3 * q1.high, 3 * (q2.high - q1.high), 3 * (1 - q2.high))
            k[14] = 6 * max(abs(p2.high - 2 * p1.high), abs(1 - 2 * p2.high + p1.high)) * 1.01
            k[15] = 6 * max(abs(q2.high - 2 * q1.high), abs(1 - 2 * q2.high + q1.high)) * 1.01
            k[16] = 3 * Self.slopeError * (abs(q1.high) + abs(q2.high) + 1)
            k[17] = offset
        }
    }

    deinit { storage.deallocate() }

    /// The double nearest y(t*) for frame root `v` of `frame` and frame target `target` (see the type), or nil where the
    /// rounding test or the step's certificate fails.
    @inlinable
    func value(v: Double, frame: Int, target: Double) -> Double? {
        guard isUsable, target >= Self.smallestTarget, v > 0, v < 1 else { return nil }
        let k = UnsafePointer(storage + Self.stride &* frame)
        let w = DoubleDouble.fastSum(1, -v)
        let vSplit = DoubleDouble.split(v)
        let wSplit = DoubleDouble.split(w.high)
        // v·w, v², v³ (v·w's low part carries v·w_l).
        var vw = DoubleDouble.product(v, vSplit, w.high, wSplit)
        vw.low += v * w.low
        let vv = DoubleDouble.product(v, vSplit, v, vSplit)
        let vvv = vv * v
        let vw3 = vw * 3
        // B(v) = 3vw·(p1·w + p2·v) + v³, Y(v) likewise.
        let innerX = DoubleDouble(k[0], k[1]) * w + DoubleDouble(k[2], k[3]) * v
        let innerY = DoubleDouble(k[4], k[5]) * w + DoubleDouble(k[6], k[7]) * v
        let b = vw3 * innerX + vvv
        let y = vw3 * innerY + vvv
        let residualParts = b + (-target)
        let residual = residualParts.high + residualParts.low
        // Slopes in double from their Bernstein forms (w in double: its low part is within the slope's allowance).
        let wd = w.high, vwd = v * wd, ww = wd * wd, v2 = v * v
        let slope = k[8] * ww + 2 * k[9] * vwd + k[10] * v2
        let slopeMagnitude = k[8] * ww + 2 * abs(k[9]) * vwd + k[10] * v2
        let outputSlope = k[11] * ww + 2 * k[12] * vwd + k[13] * v2
        let outputSlopeMagnitude = abs(k[11]) * ww + 2 * abs(k[12]) * vwd + abs(k[13]) * v2
        let slopeBound = Self.slopeError * (slopeMagnitude + 1)
        let outputSlopeBound = Self.slopeError * outputSlopeMagnitude + k[16]
        let delta = residual / slope
        // The bounds (see the type).
        let residualBound = Self.cubicError * b.high
        let outputMagnitude = 3 * vwd * (abs(k[4]) * wd + abs(k[6]) * v) + v2 * v
        let outputBound = Self.cubicError * outputMagnitude
        let lowSlope = slope - slopeBound
        let reach = 2 * (abs(residual) + residualBound) / lowSlope
        let curvature = k[14], outputCurvature = k[15]
        guard lowSlope > 0, curvature * reach <= 0.5 * lowSlope else { return nil }
        let magnitude = abs(delta)
        let parameterBound = curvature * reach * reach / (2 * lowSlope) + residualBound / lowSlope
            + magnitude * (slopeBound / lowSlope + 0x1p-51)
        let outputSlopeMaximum = abs(outputSlope) + outputSlopeBound + outputCurvature * (reach + magnitude)
        let bound = 1.5 * (outputBound + 0.5 * outputCurvature * magnitude * magnitude
            + outputSlopeMaximum * parameterBound + (outputSlopeBound + 0x1p-52 * abs(outputSlope)) * magnitude)
            + Self.underflowAllowance
        // y in the frame, then in the curve's orientation (offset − y in frame 1).
        let frameOutput = y + (-(outputSlope * delta))
        let offset = k[17]
        let curveOutput = offset == 0 ? frameOutput : DoubleDouble.sum(offset, -frameOutput.high) + (-frameOutput.low)
        let result = curveOutput.normalized
        return Self.roundsTo(result, within: bound)
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
