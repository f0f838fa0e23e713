/// A root of a continuous function on a bracket where it changes sign, found by Brent's method (inverse quadratic
/// interpolation and secant steps, safeguarded by bisection).
///
/// The result is within `tolerance` + 4·ulp of the root, in at most `maximumIterations` evaluations; because every
/// step keeps a sign change, the answer never leaves [lower, upper].
public enum BracketedRoot {
    /// Iteration cap: bisection alone shrinks any finite bracket below 2^-200 of its width in 200 steps.
    public static let maximumIterations = 200

    /// Finds x in [lower, upper] with f(x) = 0. Returns `nil` when f(lower) and f(upper) have the same sign or either
    /// is not finite.
    public static func find(in lower: Double, _ upper: Double, tolerance: Double = 0,
                            _ f: (Double) -> Double) -> Double? {
        var a = lower, b = upper
        var fa = f(a), fb = f(b)
        guard fa.isFinite, fb.isFinite else { return nil }
        if fa == 0 { return a }
        if fb == 0 { return b }
        guard (fa < 0) != (fb < 0) else { return nil }
        var c = a, fc = fa
        var d = b - a, e = d
        for _ in 0..<maximumIterations {
            if (fb < 0) == (fc < 0) {
                c = a
                fc = fa
                d = b - a
                e = d
            }
            if abs(fc) < abs(fb) {
                (a, b, c) = (b, c, b)
                (fa, fb, fc) = (fb, fc, fb)
            }
            let limit = 2 * Double.ulpOfOne * abs(b) + 0.5 * tolerance
            let middle = 0.5 * (c - b)
            if abs(middle) <= limit || fb == 0 { return b }
            if abs(e) >= limit, abs(fa) > abs(fb) {
                let s = fb / fa
                var p: Double, q: Double
                if a == c {
                    p = 2 * middle * s
                    q = 1 - s
                } else {
                    let qa = fa / fc, r = fb / fc
                    p = s * (2 * middle * qa * (qa - r) - (b - a) * (r - 1))
                    q = (qa - 1) * (r - 1) * (s - 1)
                }
                if p > 0 { q = -q } else { p = -p }
                if 2 * p < min(3 * middle * q - abs(limit * q), abs(e * q)) {
                    e = d
                    d = p / q
                } else {
                    d = middle
                    e = d
                }
            } else {
                d = middle
                e = d
            }
            a = b
            fa = fb
            b += abs(d) > limit ? d : (middle > 0 ? limit : -limit)
            fb = f(b)
            if !fb.isFinite { return nil }
        }
        return b
    }
}
