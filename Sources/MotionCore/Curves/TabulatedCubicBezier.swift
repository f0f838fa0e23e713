/// A cubic-Bézier timing function shared by many layers: `CompactCubicBezier` plus a guess table, so that most inputs
/// are solved by one certified Newton step.
///
/// The table holds, per mirrored frame, the root v_j of B(v) = j/64 (j = 0…32) and its slope dv/dX scaled by the node
/// spacing; the guess is the cubic Hermite interpolant of the two nodes around the input, clamped into their interval
/// (linear interpolation where a node has a vertical tangent). The nodes and the same guesses in power form per segment
/// (for `ease`) take about 4 KB per curve, built once and read by every layer that shares the curve. The error bound and
/// the iteration bound are `CompactCubicBezier`'s.
public struct TabulatedCubicBezier: Sendable {
    /// The curve and its tolerance.
    public let curve: CompactCubicBezier
    /// Segments per frame; frame inputs are spaced 1/64 apart.
    @usableFromInline static let segments = 32
    /// Per frame f, node j: root at [2·(33·f + j)], scaled slope at [2·(33·f + j) + 1].
    @usableFromInline let nodes: [Double]

    /// The two mirrored frames (inputs ≤ 0.5, then inputs > 0.5).
    @usableFromInline let frames: (BezierFrame, BezierFrame)
    /// Per frame f and segment j (index 32·f + j), the Hermite guess in power form: v(u) = ((c3·u + c2)·u + c1)·u + c0
    /// on u in [0, 1], then the segment's ends v_j and v_{j+1} for the clamp (6 doubles), so that `ease` evaluates the
    /// guess in three multiply-adds. NaN coefficients mark a segment with a vertical tangent at a node (linear guess).
    @usableFromInline let segmentGuesses: [Double]
    @usableFromInline static let segmentStride = 6

    /// Builds the table for `curve` (66 root solves).
    public init(_ curve: CompactCubicBezier) {
        self.curve = curve
        frames = (BezierFrame(p1: curve.x1, p2: curve.x2), BezierFrame(p1: 1 - curve.x2, p2: 1 - curve.x1))
        var nodes = [Double](repeating: 0, count: 2 * 2 * (Self.segments + 1))
        let spacing = 1 / Double(2 * Self.segments)
        for mirrored in [false, true] {
            let frame = BezierFrame(p1: mirrored ? 1 - curve.x2 : curve.x1, p2: mirrored ? 1 - curve.x1 : curve.x2)
            for j in 0...Self.segments {
                let target = Double(j) * spacing
                let root = j == 0 ? 0 : frame.solveBracketed(target: target, guess: target, tolerance: curve.tolerance)
                let slope = frame.derivative(root)
                let index = 2 * ((mirrored ? Self.segments + 1 : 0) + j)
                nodes[index] = root
                nodes[index + 1] = slope > 0 ? spacing / slope : .nan
            }
        }
        self.nodes = nodes
        var guesses: [Double] = []
        for frame in 0..<2 {
            for j in 0..<Self.segments {
                let index = 2 * (frame * (Self.segments + 1) + j)
                let (v0, m0, v1, m1) = (nodes[index], nodes[index + 1], nodes[index + 2], nodes[index + 3])
                // Hermite basis expanded: h00 = 2u³ − 3u² + 1, h10 = u³ − 2u² + u, h01 = −2u³ + 3u², h11 = u³ − u².
                let c3 = 2 * v0 + m0 - 2 * v1 + m1, c2 = -3 * v0 - 2 * m0 + 3 * v1 - m1
                if c3.isNaN || c2.isNaN {
                    guesses += [0, 0, v1 - v0, v0, v0, v1]
                } else {
                    guesses += [c3, c2, m0, v0, v0, v1]
                }
            }
        }
        segmentGuesses = guesses
    }

    /// The output progress at input `x` (the CSS tangents outside [0, 1]).
    @inlinable
    public func value(at x: Double) -> Double {
        nodes.withUnsafeBufferPointer { value(at: x, table: $0.baseAddress!) }
    }

    /// The output progress at input `x`, with `table` the storage of `nodes`.
    @inlinable @inline(__always)
    func value(at x: Double, table: UnsafePointer<Double>) -> Double {
        guard x > 0, x < 1 else { return curve.extrapolated(x) }
        let mirrored = x > 0.5
        let target = mirrored ? 1 - x : x
        let frame = BezierFrame(p1: mirrored ? 1 - curve.x2 : curve.x1, p2: mirrored ? 1 - curve.x1 : curve.x2)
        let scaled = target * Double(2 * Self.segments)
        let j = min(Int(scaled), Self.segments - 1)
        let u = scaled - Double(j)
        let node = table + 2 * ((mirrored ? Self.segments + 1 : 0) + j)
        let (v0, m0, v1, m1) = (node[0], node[1], node[2], node[3])
        let u2 = u * u, u3 = u2 * u
        let hermite = (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * m0 + (3 * u2 - 2 * u3) * v1 + (u3 - u2) * m1
        let guess = hermite == hermite ? min(max(hermite, v0), v1) : v0 + (v1 - v0) * u
        return curve.output(x: x, frameRoot: frame.solve(target: target, guess: guess, tolerance: curve.tolerance))
    }

    /// Replaces each of `count` inputs in [0, 1] at `values` by the curve's output, for a loop over many layers.
    /// (Inputs outside [0, 1] are left as they are: extrapolate them with `value(at:)`.)
    ///
    /// Inputs at the ends (layers before or after their animation) are their own outputs, 0 and 1; a first pass lists
    /// the interior inputs without branching, and only those are solved. No step of the solve branches on the input
    /// (inputs fall on either side of 0.5 at random, and a mispredicted branch costs more than the arithmetic): the
    /// frame's constants are loaded through a pointer chosen by the input, the segment's guess polynomial is gathered,
    /// then come one Newton step with its Kantorovich certificate and the output F(v) = 3uv·(u·Y1 + v·Y2) + v³ in frame
    /// coordinates (1 − F in the mirrored frame). Inputs whose step is not certified (rare) are solved again by
    /// `value(at:)`. The results have `value(at:)`'s bound, 0 at 0 and 1 at 1.
    @inlinable
    public func ease(_ values: UnsafeMutablePointer<Double>, count: Int) {
        var lower = 0
        while lower < count {
            let length = min(LayerBlock.size, count - lower)
            easeBlock(values + lower, count: length)
            lower += length
        }
    }

    /// `ease` for at most `LayerBlock.size` inputs (its scratch stays on the stack): the ends are set and the interior
    /// inputs packed, then solved in groups of `solveGroup`.
    @inlinable
    func easeBlock(_ values: UnsafeMutablePointer<Double>, count: Int) {
      withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { interiorScratch in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { inputScratch in
            // The interior inputs, packed: their positions and values. The ends, 0 and 1, are their own outputs.
            let interior = interiorScratch.baseAddress!, inputs = inputScratch.baseAddress!
            var interiorCount = 0
            for k in 0..<count {
                let x = values[k]
                interior[interiorCount] = k
                inputs[interiorCount] = x
                interiorCount &+= (x > 0 ? 1 : 0) & (x < 1 ? 1 : 0)
            }
            let n = Self.solveGroup
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 5 * n) { first in
              withUnsafeTemporaryAllocation(of: Double.self, capacity: 5 * n) { second in
                segmentGuesses.withUnsafeBufferPointer { guessTable in
                    var lower = 0
                    while lower < interiorCount {
                        let length = min(n, interiorCount - lower)
                        solveGroup(inputs + lower, count: length, guesses: guessTable.baseAddress!,
                                   scratch: (first.baseAddress!, second.baseAddress!))
                        lower += length
                    }
                }
              }
            }
            for q in 0..<interiorCount { values[interior[q]] = inputs[q] }
        }
      }
    }

    /// Interior inputs solved together: the table is read in one loop, the arithmetic runs in another over contiguous
    /// scratch arrays with no table access and no branch, so that the compiler vectorises it.
    @usableFromInline static let solveGroup = 16

    /// Replaces `count` (≤ `solveGroup`) inputs in (0, 1) by the curve's outputs; `guesses` is `segmentGuesses`'
    /// storage and `scratch` two buffers of 5·`solveGroup` doubles.
    @inlinable @inline(__always)
    func solveGroup(_ inputs: UnsafeMutablePointer<Double>, count: Int, guesses: UnsafePointer<Double>,
                    scratch: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>)) {
        let n = Self.solveGroup
        // Scratch: per input its frame flag m (1 mirrored, 0 not), frame target, segment parameter, the segment's
        // guess polynomial and clamp, then the certificate flag.
        let (m, target, t, c3, c2) = (scratch.0, scratch.0 + n, scratch.0 + 2 * n, scratch.0 + 3 * n, scratch.0 + 4 * n)
        let (c1, c0, low, high, certified) = (scratch.1, scratch.1 + n, scratch.1 + 2 * n, scratch.1 + 3 * n,
                                              scratch.1 + 4 * n)
        let segments = Double(2 * Self.segments), last = Self.segments - 1
        for q in 0..<count {
            let x = inputs[q]
            let mirrored = x > 0.5
            let frameTarget = mirrored ? 1 - x : x
            let scaled = frameTarget * segments
            // The segment without a checked conversion: 2^52 + (scaled − 0.5) rounds to 2^52 + j with j within one of
            // ⌊scaled⌋, so the low mantissa bits are j and scaled − j lies in [0, 1] (u = 1 at a node).
            let rounded = (scaled - 0.5) + 0x1p52
            let j = min(Int(truncatingIfNeeded: rounded.bitPattern & 0xFF), last)
            let segment = guesses + Self.segmentStride * ((mirrored ? Self.segments : 0) + j)
            m[q] = mirrored ? 1 : 0
            target[q] = frameTarget
            t[q] = scaled - Double(j)
            (c3[q], c2[q], c1[q], c0[q], low[q], high[q]) = (segment[0], segment[1], segment[2], segment[3],
                                                             segment[4], segment[5])
        }
        let (near, far) = frames
        let (nearY1, nearY2, farY1, farY2) = (curve.y1, curve.y2, 1 - curve.y2, 1 - curve.y1)
        let tolerance = curve.tolerance
        for q in 0..<count {
            // Frame constants as exact arithmetic selects: a·(1 − m) + b·m is a or b to the bit.
            let mq = m[q], nq = 1 - mq
            let p1 = near.p1 * nq + far.p1 * mq, p2 = near.p2 * nq + far.p2 * mq
            let a3 = near.a3 * nq + far.a3 * mq, b2 = near.b2 * nq + far.b2 * mq, c = near.c * nq + far.c * mq
            let curvature = near.doubledCurvature * nq + far.doubledCurvature * mq
            let y1 = nearY1 * nq + farY1 * mq, y2 = nearY2 * nq + farY2 * mq
            let u0 = t[q]
            let cubic = ((c3[q] * u0 + c2[q]) * u0 + c1[q]) * u0 + c0[q]
            let clampedLow = cubic < low[q] ? low[q] : cubic
            let guess = clampedLow > high[q] ? high[q] : clampedLow
            let w = 1 - guess
            let position = 3 * w * guess * (w * p1 + guess * p2) + guess * guess * guess
            let slope = (a3 * guess + b2) * guess + c
            let step = (position - target[q]) / slope
            // Clamped into [0, 1], where the root lies: a clamp only moves v toward it.
            let unclamped = guess - step
            let v = unclamped < 0 ? 0 : (unclamped > 1 ? 1 : unclamped)
            let u = 1 - v, weight = 3 * u * v
            let f = (weight * u) * y1 + ((weight * v) * y2 + v * v * v)
            inputs[q] = f * nq + (1 - f) * mq
            let small: Double = curvature * step * step <= tolerance * slope ? 1 : 0
            let steep: Double = slope > 4 * tolerance * curvature ? 1 : 0
            certified[q] = small * steep
        }
        // Rare: the complete solve where the step was not certified.
        for q in 0..<count where certified[q] == 0 {
            let x = m[q] == 1 ? 1 - target[q] : target[q]  // exact: 1 − x is exact for x ≥ 0.5, and so is 1 − (1 − x)
            inputs[q] = value(at: x)
        }
    }
}
