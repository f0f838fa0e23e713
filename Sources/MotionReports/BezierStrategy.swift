import MotionCore
import RealModule

/// A way of evaluating a cubic-Bézier timing function, reimplemented from the engines' public sources and algorithm
/// descriptions (our own code; each constant named with its source), for side-by-side accuracy and cost reports.
package struct BezierStrategy: Sendable {
    /// The strategy's report name (a contract: `motionbench`, `webkit-2008`, `webkit`, `chromium`, `firefox`, `firefox-smil`,
    /// `bezier-easing-v2`, `cardano`).
    package let name: String
    /// Builds the per-curve evaluator (coefficients and tables are computed here, once).
    package let make: @Sendable (CubicBezier) -> @Sendable (Double) -> Double
    /// The engine family this strategy is a port of (`chromium`, `webkit`, `firefox`), matched against the first word
    /// of a measured implementation's name so that the report can say how far the port is from the real engine; nil
    /// for strategies that model no browser.
    package let models: String?

    /// A strategy named `name` whose evaluator for a curve is `make(curve)` (for custom comparisons), a port of the
    /// engine family `models` if it is one.
    package init(name: String, models: String? = nil, make: @escaping @Sendable (CubicBezier) -> @Sendable (Double) -> Double) {
        self.name = name
        self.models = models
        self.make = make
    }

    /// Every strategy; `duration` (seconds) sets the WebKit tolerances.
    package static func all(duration: Double = 1) -> [BezierStrategy] {
        [motionbench, webKit2008(duration: duration), webKit(duration: duration), chromium, firefox, firefoxSMIL, bezierEasingV2,
         cardano]
    }

    /// MotionCore's correctly rounded scalar path, `CubicBezier.value(at:)`: the path `motionbench eval` runs.
    package static let motionbench = BezierStrategy(name: "motionbench") { curve in
        { curve.value(at: $0) }
    }

    /// WebKit's 2008 `UnitBezier`: up to 8 Newton steps from t = x, returning when |x(t) − x| < ε and giving up
    /// Newton when |x'| < 1e-6; then bisection on [0, 1] from t = x while t0 < t1. CSS passes ε = 1/(200·duration).
    package static func webKit2008(duration: Double) -> BezierStrategy {
        let epsilon = 1 / (200 * duration)
        return BezierStrategy(name: "webkit-2008", models: "webkit") { curve in newtonThenBisection(PowerForm(curve), epsilon: epsilon) }
    }

    /// Firefox's CSS easing (Stylo, the style engine Firefox shares with Servo), as measured from Firefox 153 with
    /// `motionbench capture firefox`: the 2008 `UnitBezier` scheme (8 Newton steps from t = x, return when
    /// |x(t) − x| < 1e-7, give up Newton when |x'| < 1e-6, then bisection on [0, 1]) on control points rounded to
    /// `Float`, because Stylo parses CSS numbers in single precision; 0 and 1 return exactly, and a curve with x1 = y1
    /// and x2 = y2 is the identity. Bit-identical to Firefox on every Bézier sample of a capture once Firefox's own
    /// input is used (it truncates the seek time to whole nanoseconds, which this strategy, a function of progress, does
    /// not model).
    package static let firefox = BezierStrategy(name: "firefox", models: "firefox") { curve in
        let single = { (value: Double) in Double(Float(value)) }
        // Rounding to Float keeps x1 and x2 in [0, 1] (0 and 1 are exact), so the rounded curve is valid; a control
        // point beyond Float's range keeps its Double value.
        let rounded = (try? CubicBezier(x1: single(curve.x1), y1: single(curve.y1), x2: single(curve.x2), y2: single(curve.y2)))
            ?? curve
        if rounded.x1 == rounded.y1 && rounded.x2 == rounded.y2 { return { $0 } }
        let solve = newtonThenBisection(PowerForm(rounded), epsilon: 1e-7)
        return { x in x == 0 || x == 1 ? x : solve(x) }
    }

    /// The 2008 `UnitBezier` scheme at tolerance `epsilon` on x: up to 8 Newton steps from t = x, returning when
    /// |x(t) − x| < ε and giving up Newton when |x'| < 1e-6; then bisection on [0, 1] from t = x while t0 < t1.
    static func newtonThenBisection(_ p: PowerForm, epsilon: Double) -> @Sendable (Double) -> Double {
        { x in
            var t = x
            for _ in 0..<8 {
                let error = p.x(t) - x
                if abs(error) < epsilon { return p.y(t) }
                let slope = p.dx(t)
                if abs(slope) < 1e-6 { break }
                t -= error / slope
            }
            var (t0, t1) = (0.0, 1.0)
            t = x
            if t < t0 { return p.y(t0) }
            if t > t1 { return p.y(t1) }
            while t0 < t1 {
                let value = p.x(t)
                if abs(value - x) < epsilon { return p.y(t) }
                if x > value { t0 = t } else { t1 = t }
                let next = (t1 - t0) * 0.5 + t0
                if next == t { break }
                t = next
            }
            return p.y(t)
        }
    }

    /// WebKit's current `UnitBezier` (Source/WebCore/platform/graphics/UnitBezier.h) as CSS and Web Animations call it:
    /// `TimingFunction::transformProgress` (Source/WebCore/platform/animation/TimingFunction.cpp) passes
    /// ε = 1/(1000·duration) with the duration in seconds, after returning the progress unchanged when the function is
    /// linear. Measured (WebKitGTK 2.50.6, this session): `cubic-bezier(0, 0, 1, 1)` returns its input exactly, while a
    /// curve with x1 = y1 and x2 = y2 goes through the solver (0.952 gave 0.9520000995238311 on
    /// `cubic-bezier(0.3, 0.3, 0.6, 0.6)`, as this port does), so only the control points (0, 0), (1, 1) short-cut. The
    /// solver is Chromium's (`splineNewtonBisection`) with one difference: bisection stops at
    /// |x(t) − x| < max(1e-10, ε) instead of ε (its midpoint, `std::midpoint`, is the same double as Chromium's). At
    /// 250 ms ε = 0.004, so after Newton gives up (a vertical tangent) the stale-residual test returns an iterate far
    /// from the root: 0.1 and more off near x = 0.5 on `cubic-bezier(1, 0, 0, 1)`.
    package static func webKit(duration: Double) -> BezierStrategy {
        let epsilon = 1 / (webKitEpsilonDivisor * duration)
        return BezierStrategy(name: "webkit", models: "webkit") { curve in
            if curve.x1 == 0 && curve.y1 == 0 && curve.x2 == 1 && curve.y2 == 1 { return { $0 } }
            return splineNewtonBisection(PowerForm(curve), epsilon: epsilon,
                                         bisectionEpsilon: max(webKitBisectionEpsilonFloor, epsilon))
        }
    }

    /// Chromium's `gfx::CubicBezier` (ui/gfx/geometry/cubic_bezier.cc) as Blink's `CubicBezierTimingFunction::Evaluate`
    /// calls it: `Solve(x)`, that is `SolveWithEpsilon(x, kBezierEpsilon)` with ε = 1e-7 whatever the duration (older
    /// Blink passed an accuracy from the duration, 1/(200·duration) floored at 1e-7; current Blink does not). See
    /// `splineNewtonBisection` for the steps; near a vertical tangent (x = 0.5 on `cubic-bezier(1, 0, 0, 1)`) Newton
    /// gives up and bisection, started from the last Newton iterate rather than the segment's midpoint, stops at the
    /// first point within 1e-7 in x: about 4.4e-3 off in y, and not monotonic in x.
    package static let chromium = BezierStrategy(name: "chromium", models: "chromium") { curve in
        splineNewtonBisection(PowerForm(curve), epsilon: chromiumBezierEpsilon, bisectionEpsilon: chromiumBezierEpsilon)
    }

    /// `kBezierEpsilon` in Chromium's ui/gfx/geometry/cubic_bezier.cc and WebKit's UnitBezier.h: the default x tolerance,
    /// the Newton tolerance's ceiling and the smallest |x'(t)| Newton divides by.
    static let chromiumBezierEpsilon = 1e-7
    /// `kMaxNewtonIterations` in Chromium's cubic_bezier.cc and WebKit's UnitBezier.h.
    static let maxNewtonIterations = 4
    /// `CUBIC_BEZIER_SPLINE_SAMPLES` in Chromium's cubic_bezier.h and WebKit's UnitBezier.h: x(t) is tabulated at
    /// t = i·Δt, Δt = 1/(samples − 1) computed in double (0.1), i = 0...10.
    static let splineSamples = 11
    /// `kBisectionEpsilon` in WebKit's UnitBezier.h: the floor of the bisection tolerance.
    static let webKitBisectionEpsilonFloor = 1e-10
    /// WebKit's `TimingFunction::transformProgress` (TimingFunction.cpp): ε = 1/(1000·duration in seconds).
    static let webKitEpsilonDivisor = 1000.0

    /// The solver shared by Chromium's `CubicBezier::SolveCurveX` and WebKit's `UnitBezier::solveCurveX`, step for step
    /// in double with the engines' operation order, then y at the t found:
    /// 1. Guess: the first i in 1...10 with x ≤ table[i] (table[i] = x(i·Δt)) sets t1 = Δt·i, t0 = t1 − Δt and
    ///    t = t0 + (t1 − t0)·(x − table[i−1]) / (table[i] − table[i−1]); with none (x above x(1)), t = x and the
    ///    bracket stays [0, 0] (WebKit initialises it so; Chromium leaves it undefined).
    /// 2. Up to 4 Newton steps: r = x(t) − x; return t when |r| < min(1e-7, ε); stop when |x'(t)| < 1e-7;
    ///    t −= r / x'(t).
    /// 3. Return t if the last residual computed (before the last step, so possibly stale) is below ε.
    /// 4. Bisection while t0 < t1, starting from the Newton iterate itself (not clamped into the bracket, so it can
    ///    widen or invert the bracket): return t when |x(t) − x| < `bisectionEpsilon`; t0 = t if x > x(t), else t1 = t;
    ///    t = (t0 + t1)/2. When the loop ends the last midpoint is returned.
    /// The engines have no iteration cap on the bisection; this port stops when a pass changes nothing (where the
    /// engines would spin for ever), which no input reached in our probes.
    static func splineNewtonBisection(_ p: PowerForm, epsilon: Double, bisectionEpsilon: Double) -> @Sendable (Double) -> Double {
        let deltaT = 1.0 / Double(splineSamples - 1)
        let table = (0..<splineSamples).map { p.x(Double($0) * deltaT) }
        let newtonEpsilon = min(chromiumBezierEpsilon, epsilon)
        return { x in
            var t0 = 0.0, t1 = 0.0, t2 = x
            for i in 1..<splineSamples where x <= table[i] {
                t1 = deltaT * Double(i)
                t0 = t1 - deltaT
                t2 = t0 + (t1 - t0) * (x - table[i - 1]) / (table[i] - table[i - 1])
                break
            }
            var residual = 0.0
            for _ in 0..<maxNewtonIterations {
                residual = p.x(t2) - x
                if abs(residual) < newtonEpsilon { return p.y(t2) }
                let slope = p.dx(t2)
                if abs(slope) < chromiumBezierEpsilon { break }
                t2 = t2 - residual / slope
            }
            if abs(residual) < epsilon { return p.y(t2) }
            while t0 < t1 {
                let value = p.x(t2)
                if abs(value - x) < bisectionEpsilon { return p.y(t2) }
                let before = (t0, t1, t2)
                if x > value { t0 = t2 } else { t1 = t2 }
                t2 = (t1 + t0) * 0.5
                if before == (t0, t1, t2) { break }
            }
            return p.y(t2)
        }
    }

    /// Firefox's SMIL key spline (`nsSMILKeySpline`, SVG's `keySplines`): an 11-point table guess; if x'(guess) ≥ 0.02,
    /// 4 Newton steps without a convergence test; if the slope is 0, the guess; otherwise at most 10 bisection halvings
    /// to 1e-7. Not Firefox's CSS easing (that is `firefox`): measured against Firefox 153 it is up to 1.5e-4 away.
    package static let firefoxSMIL = smilLike(name: "firefox-smil", models: nil, minimumSlope: 0.02, float32Table: false)

    /// bezier-easing v2 (JavaScript): as SMIL, with minimum Newton slope 0.001 and a Float32 sample table; inputs 0
    /// and 1 return exactly, and a curve with x1 = y1 and x2 = y2 is the identity.
    package static let bezierEasingV2 = smilLike(name: "bezier-easing-v2", models: nil, minimumSlope: 0.001, float32Table: true)

    static func smilLike(name: String, models: String?, minimumSlope: Double, float32Table: Bool) -> BezierStrategy {
        BezierStrategy(name: name, models: models) { curve in
            let p = PowerForm(curve)
            let identity = float32Table && curve.x1 == curve.y1 && curve.x2 == curve.y2
            let table = (0...10).map { float32Table ? Double(Float(p.x(Double($0) / 10))) : p.x(Double($0) / 10) }
            return { x in
                if identity { return x }
                if float32Table, x == 0 || x == 1 { return x }
                var segment = 0
                while segment < 9, table[segment + 1] <= x { segment += 1 }
                let span = table[segment + 1] - table[segment]
                let guess = (Double(segment) + (span > 0 ? (x - table[segment]) / span : 0)) / 10
                let slope = p.dx(guess)
                var t: Double
                if slope >= minimumSlope {
                    t = guess
                    for _ in 0..<4 {
                        let currentSlope = p.dx(t)
                        if currentSlope == 0 { break }
                        t -= (p.x(t) - x) / currentSlope
                    }
                } else if slope == 0 {
                    t = guess
                } else {
                    var (a, b) = (Double(segment) / 10, Double(segment + 1) / 10)
                    t = (a + b) / 2
                    for _ in 0..<10 {
                        t = a + (b - a) / 2
                        let value = p.x(t) - x
                        if abs(value) <= 1e-7 { break }
                        if value > 0 { b = t } else { a = t }
                    }
                }
                return p.y(t)
            }
        }
    }

    /// The closed form (bezier-easing v3, Lottie): the cubic a·t³ + b·t² + c·t − x = 0 solved by Cardano's formula,
    /// or trigonometrically when it has three real roots; the root in [0, 1].
    package static let cardano = BezierStrategy(name: "cardano") { curve in
        let p = PowerForm(curve)
        return { x in p.y(cardanoRoot(a: p.ax, b: p.bx, c: p.cx, d: -x)) }
    }

    /// The real root in [0, 1] of a·t³ + b·t² + c·t + d (degenerate orders handled): among the candidate roots, clamped
    /// to [0, 1], the one with the smallest residual. (With one real root Cardano's formula also yields the real part
    /// of the complex pair, which is the double root when the discriminant is 0 up to rounding.)
    static func cardanoRoot(a: Double, b: Double, c: Double, d: Double) -> Double {
        func pick(_ roots: [Double]) -> Double {
            let candidates = roots.filter(\.isFinite).map { min(max($0, 0), 1) }
            return candidates.min { abs(((a * $0 + b) * $0 + c) * $0 + d) < abs(((a * $1 + b) * $1 + c) * $1 + d) } ?? 0
        }
        if abs(a) < 1e-12 {
            if abs(b) < 1e-12 { return pick([-d / c]) }
            let discriminant = max(c * c - 4 * b * d, 0)
            let root = discriminant.squareRoot()
            return pick([(-c + root) / (2 * b), (-c - root) / (2 * b)])
        }
        let (p1, p2, p3) = (b / a, c / a, d / a)
        let q = (3 * p2 - p1 * p1) / 9, r = (9 * p1 * p2 - 27 * p3 - 2 * p1 * p1 * p1) / 54
        let discriminant = q * q * q + r * r
        let shift = p1 / 3
        if discriminant >= 0 {
            let s = Double.root(r + discriminant.squareRoot(), 3), u = Double.root(r - discriminant.squareRoot(), 3)
            return pick([s + u - shift, -(s + u) / 2 - shift])
        }
        // Rounding can push the cosine a hair past ±1, where acos is NaN.
        let theta = Double.acos(min(max(r / (-q * q * q).squareRoot(), -1), 1)), m = 2 * (-q).squareRoot()
        return pick([m * Double.cos(theta / 3) - shift, m * Double.cos((theta + 2 * Double.pi) / 3) - shift,
                     m * Double.cos((theta + 4 * Double.pi) / 3) - shift])
    }
}

/// Power-form coefficients of a curve, as the browser solvers store them.
struct PowerForm: Sendable {
    let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double

    init(_ curve: CubicBezier) {
        (ax, bx, cx, ay, by, cy) = curve.powerForm
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
}
