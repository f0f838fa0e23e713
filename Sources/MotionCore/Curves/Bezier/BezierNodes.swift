/// The nodes both guess tables are built from (`CubicBezierInverter`'s rows for one curve evaluated many times, and
/// `TabulatedCubicBezier`'s segments for a curve shared by a block of layers): a frame's roots at evenly spaced
/// coordinates, in X or in √X, with their first two derivatives, and the quintic Hermite guess between two of them.
@usableFromInline
enum BezierNodes {
    /// Frames whose first control point lies below this are tabulated in √X: their root turns from linear to √X-like
    /// within the first segments.
    @usableFromInline static let flatStart = 0.05

    /// The `count` + 1 nodes of a frame at coordinates j·`spacing` (in X, or in √X when `root`).
    static func nodes(_ frame: BezierFrame, count: Int, spacing: Double, root: Bool, tolerance: Double)
        -> [(v: Double, first: Double, second: Double)]
    {
        (0...count).map {
            node(frame, coordinate: Double($0) * spacing, root: root, spacing: spacing, tolerance: tolerance)
        }
    }

    /// A node: the root v of B(v) = X at `coordinate` (X = coordinate² in √X), solved by the bracketed solve from the
    /// target (whose first midpoint is 0.5, exact where a vertical tangent makes every nearby v a root to rounding),
    /// and its first and second derivatives in the coordinate scaled by `spacing` and `spacing`² (NaN at a vertical
    /// tangent).
    static func node(_ frame: BezierFrame, coordinate: Double, root: Bool, spacing h: Double, tolerance: Double)
        -> (v: Double, first: Double, second: Double)
    {
        let target = root ? coordinate * coordinate : coordinate
        let v = coordinate == 0 ? 0 : frame.solveBracketed(target: target, guess: target, tolerance: tolerance)
        let slope = frame.derivative(v), bend = frame.secondDerivative(v)
        // In X: v′ = 1/B′ and v″ = −B″/B′³. In √X (X = c²): dv/dc = 2c·v′ and d²v/dc² = 2v′ + 4c²·v″.
        var first: Double, second: Double
        if root && coordinate == 0 {
            // B(v) ≈ c·v + b·v² + a·v³ at 0 (c = B′(0), b = B″(0)/2, a = B‴/6): a start that is not flat gives
            // v ≈ X/c = coordinate²/c; a flat one v ≈ coordinate/√b − a·coordinate²/(2b²).
            let (c, b, a) = (frame.c, 0.5 * frame.b2, frame.a3 / 3)
            if c > 0 {
                (first, second) = (0, 2 / c)
            } else if b > 0 {
                (first, second) = (1 / b.squareRoot(), -a / (b * b))
            } else {
                (first, second) = (.nan, .nan)
            }
        } else if slope > 0 {
            let d1 = 1 / slope, d2 = -bend * d1 * d1 * d1
            (first, second) = root ? (2 * coordinate * d1, 2 * d1 + 4 * target * d2) : (d1, d2)
        } else {
            (first, second) = (.nan, .nan)
        }
        return (v, first * h, second * h * h)
    }

    /// Writes the guess on one segment in power form, c5…c0, then its clamp [min, max] of the two nodes' roots, to the 8
    /// doubles at `destination`: the quintic Hermite interpolant of the two nodes, or the chord where a node's
    /// derivatives are not finite.
    static func writeSegmentGuess(from start: (v: Double, first: Double, second: Double),
                                  to end: (v: Double, first: Double, second: Double),
                                  into destination: UnsafeMutablePointer<Double>) {
        let (v0, m0, k0) = start, (v1, m1, k1) = end
        (destination[6], destination[7]) = (min(v0, v1), max(v0, v1))
        guard m0.isFinite, k0.isFinite, m1.isFinite, k1.isFinite else {
            (destination[0], destination[1], destination[2], destination[3]) = (0, 0, 0, 0)
            (destination[4], destination[5]) = (v1 - v0, v0)
            return
        }
        // p(u) = v0 + m0·u + k0/2·u² + c3·u³ + c4·u⁴ + c5·u⁵ with p, p′, p″ matching the end node at u = 1.
        let a = v1 - v0 - m0 - 0.5 * k0, b = m1 - m0 - k0, c = k1 - k0
        (destination[0], destination[1], destination[2]) = (6 * a - 3 * b + 0.5 * c, -15 * a + 7 * b - c, 10 * a - 4 * b + 0.5 * c)
        (destination[3], destination[4], destination[5]) = (0.5 * k0, m0, v0)
    }
}
