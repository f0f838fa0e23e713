/// One mirrored frame of a Bézier timing curve's x(t): B(v) = 3uv·(u·p1 + v·p2) + v³ with u = 1 − v, p1 and p2 in
/// [0, 1], solved for B(v) = X with X in (0, 0.5].
@usableFromInline
struct BezierFrame: Sendable {
    @usableFromInline let p1: Double, p2: Double
    /// Power-form derivative coefficients: B′(v) = (a3·v + b2)·v + c.
    @usableFromInline let a3: Double, b2: Double, c: Double
    /// Twice max|B″|/2 over [0, 1] (B″ is linear, so its largest magnitude is at an end).
    @usableFromInline let doubledCurvature: Double

    @inlinable @inline(__always)
    init(p1: Double, p2: Double) {
        let a = 1 + 3 * p1 - 3 * p2, b = 3 * p2 - 6 * p1
        (self.p1, self.p2) = (p1, p2)
        (a3, b2, c) = (3 * a, 2 * b, 3 * p1)
        doubledCurvature = 2 * max(abs(b), abs(3 * a + b))
    }

    /// B(v), every term non-negative.
    @inlinable @inline(__always)
    func position(_ v: Double) -> Double {
        let u = 1 - v
        return 3 * u * v * (u * p1 + v * p2) + v * v * v
    }

    /// A table-free guess for B(v) = target: B at 1/4, 1/2 and 3/4 pick the quarter of [0, 1] that holds the root, and
    /// the chord across that quarter gives the guess (within about 1e-2 on ordinary curves, so that Newton's quadratic
    /// convergence needs three or four steps).
    @inlinable @inline(__always)
    func coarseGuess(_ target: Double) -> Double {
        let quarter = position(0.25), half = position(0.5), threeQuarters = position(0.75)
        let upper = target >= half
        let low = upper ? (target >= threeQuarters ? 0.75 : 0.5) : (target >= quarter ? 0.25 : 0)
        let lowValue = upper ? (target >= threeQuarters ? threeQuarters : half) : (target >= quarter ? quarter : 0)
        let highValue = upper ? (target >= threeQuarters ? 1 : threeQuarters) : (target >= quarter ? half : quarter)
        let rise = highValue - lowValue
        return rise > 0 ? low + 0.25 * (target - lowValue) / rise : low
    }

    /// B′(v).
    @inlinable @inline(__always)
    func derivative(_ v: Double) -> Double { (a3 * v + b2) * v + c }

    /// B″(v).
    @inlinable @inline(__always)
    func secondDerivative(_ v: Double) -> Double { 2 * a3 * v + b2 }

    /// The root of B(v) = target from `guess`: up to `newtonSteps` Newton steps (three from a table's guess, more
    /// from a table-free one), each checked against the Kantorovich certificate, then the bracketed path.
    @inlinable @inline(__always)
    func solve(target: Double, guess: Double, tolerance: Double, newtonSteps: Int = 3) -> Double {
        var v = min(max(guess, 0), 1)
        let minimumSlope = 4 * doubledCurvature * tolerance
        for _ in 0..<newtonSteps {
            let slope = derivative(v)
            let step = (position(v) - target) / slope
            let next = v - step
            guard next >= 0, next <= 1 else { break }
            v = next
            if doubledCurvature * step * step <= tolerance * slope, slope > minimumSlope { return v }
        }
        return solveBracketed(target: target, guess: v, tolerance: tolerance)
    }

    /// Newton inside a shrinking bracket [lo, hi], bisecting whenever Newton leaves it or fails to halve the step;
    /// stops when the step or the bracket is below `tolerance`, or no double lies inside the bracket. At most
    /// `CompactCubicBezier.maximumIterations` iterations.
    @usableFromInline
    func solveBracketed(target: Double, guess: Double, tolerance: Double) -> Double {
        var lo = 0.0, hi = 1.0
        var v = guess > 0 && guess < 1 ? guess : 0.5
        var step = 1.0
        for _ in 0..<CompactCubicBezier.maximumIterations {
            let residual = position(v) - target
            if residual == 0 { return v }
            if residual < 0 { lo = v } else { hi = v }
            if hi - lo <= tolerance { return v }
            let slope = derivative(v)
            let newton = v - residual / slope
            if newton > lo, newton < hi, abs(2 * residual) <= abs(step * slope) {
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
