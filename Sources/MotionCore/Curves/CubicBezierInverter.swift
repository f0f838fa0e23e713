import RealModule

/// Inverts x(t) = x for a cubic Bézier timing curve whose x control points lie in [0, 1].
///
/// ## Method
/// x(t) is strictly increasing on [0, 1], so the root is unique. The input range is split at x = 0.5 into two
/// *frames*. Inputs x ≤ 0.5 solve x(t) = x for t directly (frame 0); inputs x > 0.5 solve the mirrored curve
/// 1 − x(1 − s) = 1 − x for s = 1 − t (frame 1), which is itself a cubic Bézier with control points
/// (1 − x2, 1 − x1). In both frames the target X lies in [0, 0.5] and the residual B(v) − X is computed in Bernstein
/// form, whose terms are all non-negative, so its absolute rounding error is a few ulp *of X* and never of 1: this is
/// what keeps the answer exact next to vertical tangents at either end.
///
/// 1. **Guess**: each frame keeps the root v_j and its slope dv/dX at X = j/64, j = 0…32; the guess is the cubic
///    Hermite interpolant of the bracketing pair, clamped into the pair's interval. Next to a vertical tangent
///    (B' = 0 at a node) the guess follows the local power law instead: a square root where B'' ≠ 0, a cube root
///    where B'' vanishes too.
/// 2. **Fast path**: at most `fastNewtonSteps` Newton steps. After each, the Kantorovich bound
///    |v − v*| ≤ K·δ²/B'(v) (K = max|B''|/2 over the segment, δ the last step) is compared with the tolerance; when it
///    holds, v is returned. On ordinary curves the first step already passes.
/// 3. **Safeguarded path** (steep or near-vertical segments): Newton steps kept inside a shrinking bracket
///    [lo, hi] ⊂ [0, 1], with a bisection whenever Newton leaves the bracket or fails to halve the step. It stops when
///    the step or the bracket is below the tolerance, or when no double lies strictly inside the bracket; at most
///    `maximumIterations` iterations, so every input terminates.
///
/// ## Error bound
/// The returned parameter is within `tolerance` + ε_x / B'(v*) of the true root, where ε_x ≤ 4e-16 is the rounding
/// error of the Bernstein residual (half an ulp of 0.5 plus the evaluation error of non-negative terms).
@usableFromInline
final class CubicBezierInverter: @unchecked Sendable {
    /// Table segments per frame; frame inputs are spaced 1/64 apart.
    @usableFromInline static let segmentsPerFrame = 32
    /// Newton steps tried before the safeguarded path takes over.
    @usableFromInline static let fastNewtonSteps = 3
    /// Upper bound on iterations of the safeguarded path. Bisection alone halves [0, 1] to the 2^-60 tolerance floor
    /// in 60 iterations; Newton and bisection alternate at worst, hence 2·60 plus slack.
    @usableFromInline static let maximumIterations = 128
    /// Offset of the node table inside a frame's storage.
    @usableFromInline static let nodeOffset = 8
    /// Doubles per node: root, scaled slope, half-curvature.
    @usableFromInline static let nodeStride = 3
    /// Doubles per frame: 8 coefficients (5 used), then the 33 nodes.
    @usableFromInline static let frameStride = nodeOffset + nodeStride * (segmentsPerFrame + 1)

    /// Immutable after `init`. Per frame f, starting at `frameStride`·f:
    /// - [0...4]: Bernstein control values p1, p2, then the power-form derivative coefficients 3a, 2b, c, with
    ///   B(v) = ((a·v + b)·v + c)·v;
    /// - from `nodeOffset`, for node j: the root v_j of B(v) = j/64, its slope dv/dX times the node spacing 1/64
    ///   (NaN where the tangent is vertical, which selects the power-law guess), and |B''(v_j)|/2; B'' is linear, so
    ///   the larger of two neighbouring values bounds |B''|/2 over their segment.
    @usableFromInline let storage: UnsafeMutablePointer<Double>
    /// Absolute tolerance on the curve parameter.
    @usableFromInline let tolerance: Double
    /// Smallest B' for which the fast-path certificate is trusted (8·K·tolerance with the global K: Kantorovich's
    /// h ≤ 1/2).
    @usableFromInline let minimumCertifiedSlope: Double

    /// Builds the inverter for x control points `x1`, `x2` in [0, 1], solving to `tolerance` in t.
    init(x1: Double, x2: Double, tolerance: Double) {
        storage = .allocate(capacity: 2 * Self.frameStride)
        storage.initialize(repeating: 0, count: 2 * Self.frameStride)
        for (frame, (p1, p2)) in [(x1, x2), (1 - x2, 1 - x1)].enumerated() {
            let c = 3 * p1
            let b = 3 * p2 - 6 * p1
            let a = 1 + 3 * p1 - 3 * p2
            let base = storage + Self.frameStride * frame
            base[0] = p1
            base[1] = p2
            base[2] = 3 * a
            base[3] = 2 * b
            base[4] = c
        }
        let a = 1 + 3 * x1 - 3 * x2
        let b = 3 * x2 - 6 * x1
        let curvature = max(abs(b), abs(3 * a + b))
        self.tolerance = tolerance
        minimumCertifiedSlope = 8 * curvature * tolerance

        let spacing = 1 / Double(2 * Self.segmentsPerFrame)
        for frame in 0..<2 {
            let nodes = storage + Self.frameStride * frame + Self.nodeOffset
            for j in 0...Self.segmentsPerFrame {
                let target = Double(j) * spacing
                let root = j == 0 ? 0 : solveSafeguarded(frame: frame, target: target, guess: 0.5)
                let slope = derivative(frame: frame, root)
                let coefficients = storage + Self.frameStride * frame
                let halfCurvature = abs(2 * coefficients[2] * root + coefficients[3]) / 2
                nodes[Self.nodeStride * j] = root
                nodes[Self.nodeStride * j + 1] = slope > 0 ? spacing / slope : .nan
                // Slightly inflated so that rounding in B'' never makes the certificate optimistic.
                nodes[Self.nodeStride * j + 2] = halfCurvature * (1 + 0x1p-40) + 0x1p-60
            }
        }
    }

    deinit {
        storage.deallocate()
    }

    /// The frame's Bernstein cubic B(v) with B(0) = 0 and B(1) = 1; every term is non-negative.
    @inlinable @inline(__always)
    func position(frame: Int, _ v: Double) -> Double {
        let base = storage + Self.frameStride * frame
        let u = 1 - v
        return 3 * u * v * (u * base[0] + v * base[1]) + v * v * v
    }

    /// The frame's derivative B'(v).
    @inlinable @inline(__always)
    func derivative(frame: Int, _ v: Double) -> Double {
        let base = storage + Self.frameStride * frame
        return (base[2] * v + base[3]) * v + base[4]
    }

    /// Solves x(t) = x for 0 < x < 1 and returns both s = 1 − t and t, each as accurate as the frame allows.
    @inlinable @inline(__always)
    func parameters(forInterior x: Double) -> (s: Double, t: Double) {
        let mirrored = x > 0.5
        let frame = mirrored ? 1 : 0
        let target = mirrored ? 1 - x : x
        let v = solve(frame: frame, target: target)
        let u = 1 - v
        return mirrored ? (s: v, t: u) : (s: u, t: v)
    }

    /// Solves B(v) = target for target in (0, 0.5] in the given frame.
    @inlinable @inline(__always)
    func solve(frame: Int, target: Double) -> Double {
        let scaled = target * Double(2 * Self.segmentsPerFrame)
        let j = min(Int(scaled), Self.segmentsPerFrame - 1)
        let u = scaled - Double(j)
        let node = storage + (Self.frameStride * frame + Self.nodeOffset + Self.nodeStride * j)
        let v0 = node[0], m0 = node[1], k0 = node[2]
        let v1 = node[3], m1 = node[4], k1 = node[5]
        // Cubic Hermite basis on u in [0, 1].
        let u2 = u * u, u3 = u2 * u
        let hermite = (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * m0 + (3 * u2 - 2 * u3) * v1 + (u3 - u2) * m1
        var v = min(max(hermite, v0), v1)
        if !(v == v) { v = verticalTangentGuess(frame: frame, u: u, v0: v0, m0: m0, v1: v1) }
        let doubledCurvature = 2 * max(k0, k1)
        for _ in 0..<Self.fastNewtonSteps {
            let slope = derivative(frame: frame, v)
            let step = (position(frame: frame, v) - target) / slope
            v -= step
            if doubledCurvature * step * step <= tolerance * slope, slope > minimumCertifiedSlope {
                return min(max(v, 0), 1)
            }
        }
        return solveSafeguarded(frame: frame, target: target, guess: v)
    }

    /// The guess in a segment with a vertical tangent at one end: B(v) − B(v_end) grows like |v − v_end|^k with
    /// k = 2 where B'' ≠ 0 there and k = 3 where it vanishes too.
    @usableFromInline
    func verticalTangentGuess(frame: Int, u: Double, v0: Double, m0: Double, v1: Double) -> Double {
        let coefficients = storage + Self.frameStride * frame
        if !(m0 == m0) {
            let curvature = 2 * coefficients[2] * v0 + coefficients[3]
            return v0 + (v1 - v0) * (curvature != 0 ? u.squareRoot() : Double.root(u, 3))
        }
        let curvature = 2 * coefficients[2] * v1 + coefficients[3]
        return v1 - (v1 - v0) * (curvature != 0 ? (1 - u).squareRoot() : Double.root(1 - u, 3))
    }

    /// The bracketed Newton–bisection path; always terminates within `maximumIterations`.
    @usableFromInline
    func solveSafeguarded(frame: Int, target: Double, guess: Double) -> Double {
        var lo = 0.0, hi = 1.0
        var v = guess > 0 && guess < 1 ? guess : 0.5
        var step = 1.0
        for _ in 0..<Self.maximumIterations {
            let residual = position(frame: frame, v) - target
            if residual == 0 { return v }
            if residual < 0 { lo = v } else { hi = v }
            if hi - lo <= tolerance { return v }
            let slope = derivative(frame: frame, v)
            let newton = v - residual / slope
            let previousStep = step
            if newton > lo, newton < hi, abs(2 * residual) <= abs(previousStep * slope) {
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
