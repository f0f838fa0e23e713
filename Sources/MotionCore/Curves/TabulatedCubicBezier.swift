/// A cubic-Bézier timing function shared by many layers: `CompactCubicBezier` plus a guess table, so that most inputs
/// are solved by one certified Newton step.
///
/// The table holds, per mirrored frame, the root v_j of B(v) = j/64 (j = 0…32) and its slope dv/dX scaled by the node
/// spacing; the guess is the cubic Hermite interpolant of the two nodes around the input, clamped into their interval
/// (linear interpolation where a node has a vertical tangent). About 1 KB per curve, built once and read by every
/// layer that shares the curve. The error bound and the iteration bound are `CompactCubicBezier`'s.
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

    /// Per frame, `frameStride` constants that `ease` loads instead of selecting: p1, p2, 3a, 2b, c, 2K, Y1, Y2, the
    /// mirror offset M (0, 1) and the output sign (1, −1).
    @usableFromInline let frameConstants: [Double]
    @usableFromInline static let frameStride = 10

    /// Builds the table for `curve` (66 root solves).
    public init(_ curve: CompactCubicBezier) {
        self.curve = curve
        frames = (BezierFrame(p1: curve.x1, p2: curve.x2), BezierFrame(p1: 1 - curve.x2, p2: 1 - curve.x1))
        frameConstants = [(frames.0, curve.y1, curve.y2, 0.0, 1.0), (frames.1, 1 - curve.y2, 1 - curve.y1, 1, -1)].flatMap {
            [$0.p1, $0.p2, $0.a3, $0.b2, $0.c, $0.doubledCurvature, $1, $2, $3, $4]
        }
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

    /// Calls `body` with the guess table, for loops that solve many inputs: `value(at:table:)` inside it reads the
    /// table without touching the array's reference count.
    @inlinable
    public func withTable<Result>(_ body: (UnsafePointer<Double>) throws -> Result) rethrows -> Result {
        try nodes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The output progress at input `x`, with `table` this curve's guess table (from `withTable`).
    @inlinable @inline(__always)
    public func value(at x: Double, table: UnsafePointer<Double>) -> Double {
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
    ///
    /// Inputs at the ends (layers before or after their animation) map to exactly 0 and 1 in a first pass that also
    /// lists the interior inputs without branching; only those are solved. No step of the solve branches on the input
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

    /// `ease` for at most `LayerBlock.size` inputs (its scratch stays on the stack).
    @inlinable
    func easeBlock(_ values: UnsafeMutablePointer<Double>, count: Int) {
      withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { interiorScratch in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { inputScratch in
            // The interior inputs, packed: their positions (as doubles) and values.
            let interior = interiorScratch.baseAddress!, inputs = inputScratch.baseAddress!
            var interiorCount = 0
            for k in 0..<count {
                let x = values[k]
                interior[interiorCount] = Double(k)
                inputs[interiorCount] = x
                interiorCount &+= x > 0 && x < 1 ? 1 : 0
                values[k] = x >= 1 ? 1 : (x <= 0 ? 0 : x)
            }
            let tolerance = curve.tolerance, segments = Double(2 * Self.segments), last = Self.segments - 1
            segmentGuesses.withUnsafeBufferPointer { guessTable in
              frameConstants.withUnsafeBufferPointer { constants in
                withTable { table in
                    let frames = constants.baseAddress!, guesses = guessTable.baseAddress!
                    for q in 0..<interiorCount {
                        let x = inputs[q]
                        let mirrored = x > 0.5
                        let frame = frames + (mirrored ? Self.frameStride : 0)
                        let offset = frame[8], sign = frame[9]
                        let target = abs(x - offset)  // 1 − x exactly above 0.5 (Sterbenz), x below
                        let scaled = target * segments
                        let j = min(Int(scaled), last)
                        let t = scaled - Double(j)
                        let segment = guesses + Self.segmentStride * ((mirrored ? Self.segments : 0) + j)
                        let cubic = ((segment[0] * t + segment[1]) * t + segment[2]) * t + segment[3]
                        let guess = min(max(cubic, segment[4]), segment[5])
                        let (p1, p2, a3, b2, c, curvature) = (frame[0], frame[1], frame[2], frame[3], frame[4], frame[5])
                        let w = 1 - guess
                        let position = 3 * w * guess * (w * p1 + guess * p2) + guess * guess * guess
                        let slope = (a3 * guess + b2) * guess + c
                        let step = (position - target) / slope
                        let v = guess - step
                        let u = 1 - v, weight = 3 * u * v
                        let f = (weight * u) * frame[6] + ((weight * v) * frame[7] + v * v * v)
                        inputs[q] = f * sign + offset
                        let certified = Self.mask(curvature * step * step <= tolerance * slope)
                            & Self.mask(slope > 4 * tolerance * curvature) & Self.mask(v >= 0) & Self.mask(v <= 1)
                        // Rare, so the branch is predicted: the complete solve.
                        if certified == 0 { inputs[q] = value(at: x, table: table) }
                    }
                    for q in 0..<interiorCount { values[Int(interior[q])] = inputs[q] }
                }
              }
            }
        }
      }
    }

    /// All ones when `condition` holds, else zero, without a branch.
    @inlinable @inline(__always)
    static func mask(_ condition: Bool) -> UInt64 { 0 &- UInt64(unsafeBitCast(condition, to: UInt8.self)) }
}
