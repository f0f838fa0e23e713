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

    /// Builds the table for `curve` (66 root solves).
    public init(_ curve: CompactCubicBezier) {
        self.curve = curve
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
    }

    /// The output progress at input `x` (the CSS tangents outside [0, 1]).
    @inlinable
    public func value(at x: Double) -> Double {
        guard x > 0, x < 1 else { return curve.extrapolated(x) }
        let mirrored = x > 0.5
        let target = mirrored ? 1 - x : x
        let frame = BezierFrame(p1: mirrored ? 1 - curve.x2 : curve.x1, p2: mirrored ? 1 - curve.x1 : curve.x2)
        let scaled = target * Double(2 * Self.segments)
        let j = min(Int(scaled), Self.segments - 1)
        let u = scaled - Double(j)
        let guess = nodes.withUnsafeBufferPointer { table -> Double in
            let node = table.baseAddress! + 2 * ((mirrored ? Self.segments + 1 : 0) + j)
            let (v0, m0, v1, m1) = (node[0], node[1], node[2], node[3])
            let u2 = u * u, u3 = u2 * u
            let hermite = (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * m0 + (3 * u2 - 2 * u3) * v1 + (u3 - u2) * m1
            return hermite == hermite ? min(max(hermite, v0), v1) : v0 + (v1 - v0) * u
        }
        return curve.output(x: x, frameRoot: frame.solve(target: target, guess: guess, tolerance: curve.tolerance))
    }
}
