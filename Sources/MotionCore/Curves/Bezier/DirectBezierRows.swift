import RealModule

/// The output of a cubic-Bézier timing function as a polynomial in its input, row by row, each row certified when it
/// is built: the batch ease's fast path, which answers an input with one table read and Horner's rule, no root solve.
///
/// ## Rows
/// Input x in [j, j + 1]/`rows` (row j) maps to u = x·`rows` − j in [0, 1] (exact: `rows` is a power of two), and the
/// row holds P_j(u) of degree `degree`, the Chebyshev interpolant of the output at `degree` + 1 Chebyshev points of
/// the row (each from four Newton steps on x(t) from the chord between the roots of the row's ends), in power form in
/// u, highest coefficient first.
///
/// ## Certificate
/// A row is kept only where its whole error, for every input of the row, is certified below `certifiedBound` (1e-13):
/// on the row's parameter interval t in [t_a, t_b] (the roots of the row's ends, widened by `rootMargin` and checked
/// to cover the row), E(τ) = P_j(u(τ)) − Y(t(τ)) with t = t_a + τ·(t_b − t_a) and u(τ) = `rows`·X(t) − j is a
/// polynomial of degree 3·`degree` in τ, since X and Y are cubics; each input x of the row is X(t) for one t there, so
/// |P_j(u) − y_true(x)| ≤ max over τ in [0, 1] of |E(τ)| ≤ the largest magnitude of E's Bernstein coefficients. That
/// step holds in exact arithmetic; to it come a-priori bounds on the rounding of the computation itself, of the
/// coefficients of u(τ) and Y(τ), and of Horner's rule on P_j at run time, each a generous multiple of the usual
/// γ_n = n·2^-53 bound (together about 1e-14 on ordinary rows, where the Bernstein term is near 1e-16). Every other row (next to a vertical tangent, where the output bends like a root; around a
/// stationary inflection; the first and last rows, where the exact path keeps its relative accuracy next to 0 and 1;
/// every row of a curve whose output needs a scale) has NaN coefficients, and its inputs take the solve.
@usableFromInline
enum DirectBezierRows {
    /// Rows over [0, 1].
    @usableFromInline static let rows = 128
    /// Degree of each row's polynomial.
    static let degree = 7
    /// Doubles per row: the polynomial's `degree` + 1 coefficients, highest first.
    @usableFromInline static let stride = 8
    /// Largest certified error of a kept row, in output units.
    static let certifiedBound = 1e-13
    /// How far each row's parameter interval is widened beyond the roots of its ends (the solve's tolerance is at most
    /// 1e-13): then the interval covers the row even where the roots are a little off, which the build checks.
    static let rootMargin = 0x1p-30

    /// The table for `curve` (`rows` × `stride` doubles), NaN in every row that is not certified.
    static func table(_ curve: CompactCubicBezier) -> [Double] {
        var table = [Double](repeating: .nan, count: rows * stride)
        guard BezierOutputScale(y1: curve.y1, y2: curve.y2) == nil else { return table }
        let frames = (BezierFrame(p1: curve.x1, p2: curve.x2), BezierFrame(p1: 1 - curve.x2, p2: 1 - curve.x1))
        // The root t of x(t) = x in the frame x selects, as `CubicBezier` solves it.
        func root(_ x: Double) -> Double {
            if x <= 0.5 { return frames.0.solveBracketed(target: x, guess: x, tolerance: curve.tolerance) }
            return 1 - frames.1.solveBracketed(target: 1 - x, guess: 1 - x, tolerance: curve.tolerance)
        }
        let ends = (0...rows).map { $0 == 0 ? 0 : ($0 == rows ? 1 : root(Double($0) / Double(rows))) }
        let x = CubicPolynomial(p1: curve.x1, p2: curve.x2), y = CubicPolynomial(p1: curve.y1, p2: curve.y2)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: stride) { scratch in
            let coefficients = scratch.baseAddress!
            for j in 1..<(rows - 1) {
                let bound = fitRow(j, x: x, output: y, roots: (ends[j], ends[j + 1]), into: coefficients)
                guard bound <= certifiedBound else { continue }
                for k in 0..<stride { table[stride * j + k] = coefficients[degree - k] }
            }
        }
        return table
    }

    /// Fits row `j` of `rowCount` (inputs X in [j, j + 1]/`rowCount` of the increasing cubic `x`, whose roots at the
    /// row's ends are `roots`) with the interpolant of `output` at the parameter of each Chebyshev point, and returns
    /// its certified error (`certifiedError`): the power coefficients in u, lowest first, are left in `coefficients`
    /// (`stride` doubles). The points come from four Newton steps on x from the chord between the roots; the
    /// certificate holds whatever they are, and they only decide whether the row is kept.
    static func fitRow(_ j: Int, of rowCount: Int = rows, x: CubicPolynomial, output: CubicPolynomial,
                       roots: (low: Double, high: Double), into coefficients: UnsafeMutablePointer<Double>) -> Double {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: stride) { scratch in
            let outputs = scratch.baseAddress!
            let (low, high) = roots
            for i in 0..<stride {
                let target = (Double(j) + chebyshevPoints[i]) / Double(rowCount)
                var t = low + (high - low) * chebyshevPoints[i]
                for _ in 0..<4 { t -= (x.value(t) - target) / x.derivative(t) }
                outputs[i] = output.value(t)
            }
            powerCoefficients(outputs, into: coefficients)
            return certifiedError(UnsafeBufferPointer(start: coefficients, count: stride), row: j, of: rowCount, x: x,
                                  output: output, parameters: (low - rootMargin, high + rootMargin))
        }
    }

    /// The row coordinates u in (0, 1) of the `degree` + 1 Chebyshev points, (1 − cos θ_i)/2 with
    /// θ_i = (2i + 1)π/(2·(`degree` + 1)).
    static let chebyshevPoints = (0..<stride).map { (1 - cosine(Double(2 * $0 + 1) * .pi / Double(2 * stride))) / 2 }

    /// The discrete Chebyshev transform at `chebyshevPoints` (row m, column i, at `stride`·m + i): the coefficients
    /// a_m = (2/n)·Σ_i f_i·T_m(s_i) (a_0 halved) of the values' interpolant Σ_m a_m·T_m(2u − 1), with s_i = 2u_i − 1 =
    /// −cos θ_i, so that T_m(s_i) = (−1)^m·cos(mθ_i). For a smooth row the a_m fall off fast, so the power form is
    /// taken from them (`chebyshevBasis`) rather than from the values directly, whose matrix has entries near 1e4 and
    /// would leave rounding errors near 1e-12 in every coefficient.
    static let chebyshevTransform: [Double] = {
        let n = stride
        var matrix = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            let angle = Double(2 * i + 1) * .pi / Double(2 * n)
            for m in 0..<n {
                matrix[n * m + i] = (m % 2 == 0 ? 1.0 : -1.0) * cosine(Double(m) * angle) * (m == 0 ? 1 : 2) / Double(n)
            }
        }
        return matrix
    }()

    /// T_m(2u − 1) in power form in u (row m, coefficient k at `stride`·m + k), by T_{m+1} = 2·(2u − 1)·T_m − T_{m−1}.
    static let chebyshevBasis: [Double] = {
        let n = stride
        var basis = [Double](repeating: 0, count: n * n)
        basis[0] = 1
        (basis[n], basis[n + 1]) = (-1, 2)
        for m in 1..<(n - 1) {
            for i in 0..<n {
                basis[n * (m + 1) + i] = -2 * basis[n * m + i] - basis[n * (m - 1) + i] + (i > 0 ? 4 * basis[n * m + i - 1] : 0)
            }
        }
        return basis
    }()

    /// Writes the power coefficients in u (lowest first) of the interpolant of `outputs` at `chebyshevPoints` to
    /// `coefficients` (`stride` doubles each): Chebyshev coefficients first, then the power form.
    static func powerCoefficients(_ outputs: UnsafePointer<Double>, into coefficients: UnsafeMutablePointer<Double>) {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: stride) { scratch in
            let chebyshev = scratch.baseAddress!
            for m in 0..<stride {
                var sum = 0.0
                for i in 0..<stride { sum += chebyshevTransform[stride * m + i] * outputs[i] }
                chebyshev[m] = sum
            }
            for k in 0..<stride {
                // From the highest (smallest) terms up.
                var sum = 0.0
                for m in Swift.stride(from: stride - 1, through: 0, by: -1) { sum += chebyshev[m] * chebyshevBasis[stride * m + k] }
                coefficients[k] = sum
            }
        }
    }

    /// Row `j`'s polynomial in u, lowest coefficient first, interpolating the complete solve's outputs at the row's
    /// Chebyshev points (for tests; `table` takes those outputs by Newton from the chord instead).
    static func interpolant(_ curve: CompactCubicBezier, row j: Int) -> [Double] {
        let outputs = chebyshevPoints.map { curve.value(at: (Double(j) + $0) / Double(rows)) }
        var coefficients = [Double](repeating: 0, count: stride)
        outputs.withUnsafeBufferPointer { values in
            coefficients.withUnsafeMutableBufferPointer { powerCoefficients(values.baseAddress!, into: $0.baseAddress!) }
        }
        return coefficients
    }

    /// A bound on |P(x·`rows` − j) − y_true(x)| over row `j`'s inputs, for P with power coefficients `coefficients`
    /// (lowest first) in u, from the parameter interval `parameters` (which must cover the row: +infinity where it
    /// does not), as the type describes; +infinity where anything is not finite.
    static func certifiedError(_ coefficients: UnsafeBufferPointer<Double>, row j: Int, curve: CompactCubicBezier,
                               parameters: (low: Double, high: Double)) -> Double {
        certifiedError(coefficients, row: j, x: CubicPolynomial(p1: curve.x1, p2: curve.x2),
                       output: CubicPolynomial(p1: curve.y1, p2: curve.y2), parameters: parameters)
    }

    /// `certifiedError(_:row:curve:parameters:)` for row `j` of `rowCount` over [0, 1], any increasing cubic `x` on the
    /// parameter interval and any output cubic `output` (the curve's y, or the parameter itself for
    /// `CertifiedScalarRows`): a bound on |P(X·`rowCount` − j) − output(t(X))| over the row's inputs X, t(X) the root
    /// of x(t) = X.
    static func certifiedError(_ coefficients: UnsafeBufferPointer<Double>, row j: Int, of rowCount: Int = rows,
                               x: CubicPolynomial, output y: CubicPolynomial,
                               parameters: (low: Double, high: Double)) -> Double {
        let (low, high) = parameters, width = high - low
        let scale = Double(rowCount)
        // The interval must reach past both ends of the row (X is increasing, and rounds by a few ulp of 1 at most).
        guard x.value(low) < (Double(j) / scale) - 0x1p-48, x.value(high) > Double(j + 1) / scale + 0x1p-48 else {
            return .infinity
        }
        let unit = 0x1p-53
        // u(τ) = rows·X(low + width·τ) − j and Y(low + width·τ), as cubics in τ (Taylor coefficients at `low`), and
        // the magnitudes of the terms each was computed from, for the rounding bounds.
        let xTaylor = x.taylor(at: low, width: width), yTaylor = y.taylor(at: low, width: width)
        let u = (scale * xTaylor.coefficients.0 - Double(j), scale * xTaylor.coefficients.1, scale * xTaylor.coefficients.2,
                 scale * xTaylor.coefficients.3)
        let uMagnitude = (abs(u.0), abs(u.1), abs(u.2), abs(u.3))
        let uRounding = 16 * unit * (scale * xTaylor.magnitude + Double(j))
        let yRounding = 16 * unit * yTaylor.magnitude
        let n = bernsteinDegree
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (n + 1)) { scratch -> Double in
            let error = scratch.baseAddress!, magnitude = error + (n + 1)
            for i in 0...n { (error[i], magnitude[i]) = (0, 0) }
            // P(u(τ)) by Horner's rule on polynomials, beside the same on magnitudes: multiplying by the cubic u(τ)
            // from the top coefficient down, in place.
            error[0] = coefficients[degree]
            magnitude[0] = abs(coefficients[degree])
            var top = 0
            for k in Swift.stride(from: degree - 1, through: 0, by: -1) {
                for i in Swift.stride(from: top + 3, through: 0, by: -1) {
                    var sum = 0.0, sumMagnitude = 0.0
                    for m in 0...3 where i - m >= 0 && i - m <= top {
                        let (factor, factorMagnitude) = m == 0 ? (u.0, uMagnitude.0)
                            : (m == 1 ? (u.1, uMagnitude.1) : (m == 2 ? (u.2, uMagnitude.2) : (u.3, uMagnitude.3)))
                        sum += error[i - m] * factor
                        sumMagnitude += magnitude[i - m] * factorMagnitude
                    }
                    (error[i], magnitude[i]) = (sum, sumMagnitude)
                }
                top += 3
                error[0] += coefficients[k]
                magnitude[0] += abs(coefficients[k])
            }
            let yc = yTaylor.coefficients
            (error[0], error[1], error[2], error[3]) = (error[0] - yc.0, error[1] - yc.1, error[2] - yc.2, error[3] - yc.3)
            // Bernstein coefficients of E on [0, 1]: b_i = Σ_{k ≤ i} C(i, k)/C(n, k)·e_k.
            var largest = 0.0, bernsteinRounding = 0.0, sumMagnitude = 0.0
            for i in 0...n {
                var b = 0.0, terms = 0.0
                for k in 0...i {
                    let weight = bernsteinWeights[(n + 1) * i + k]
                    b += weight * error[k]
                    terms += abs(weight * error[k])
                }
                largest = Swift.max(largest, abs(b))
                bernsteinRounding = Swift.max(bernsteinRounding, terms)
                sumMagnitude += magnitude[i]
            }
            var slopeSum = 0.0, sumCoefficients = 0.0
            for k in 0...degree {
                slopeSum += Double(k) * abs(coefficients[k])
                sumCoefficients += abs(coefficients[k])
            }
            let total = largest
                // The bound's own rounding: composing P with u(τ) and converting to Bernstein form (each a sum of at most
                // n + 2 rounded terms), and subtracting Y's coefficients (one rounding each, at most an ulp of the
                // terms' magnitudes).
                + 4 * Double(n + 2) * unit * (sumMagnitude + bernsteinRounding) + 2 * unit * (sumMagnitude + yTaylor.magnitude)
                + slopeSum * uRounding + yRounding  // u(τ)'s and Y(τ)'s coefficients
                + 4 * Double(degree + 1) * unit * sumCoefficients  // Horner's rule at run time, |u| ≤ 1
            return total.isFinite ? total : .infinity
        }
    }

    /// Degree of the error polynomial E(τ): P's degree times X's.
    static let bernsteinDegree = 3 * degree
    /// C(i, k)/C(n, k) at (n + 1)·i + k for n = `bernsteinDegree`: power to Bernstein coefficients on [0, 1].
    static let bernsteinWeights: [Double] = {
        let n = bernsteinDegree
        var weights = [Double](repeating: 0, count: (n + 1) * (n + 1))
        for i in 0...n {
            for k in 0...i { weights[(n + 1) * i + k] = binomial(i, k) / binomial(n, k) }
        }
        return weights
    }()

    /// C(n, k) as a double (exact for the degrees here).
    static func binomial(_ n: Int, _ k: Int) -> Double {
        var value = 1.0
        for i in 0..<k { value = value * Double(n - i) / Double(i + 1) }
        return value.rounded()
    }

    /// cos(θ) for the construction's angles.
    private static func cosine(_ angle: Double) -> Double { Double.cos(angle) }

    /// Input `x`'s output from its row of `table`, for x in [0, 1), and whether the row is certified (else the value is
    /// NaN). Whether it is comes from the row's first coefficient, ready as soon as the row is read, so that a loop
    /// that sorts inputs by it does not wait for the polynomial.
    @inlinable @inline(__always)
    static func value(_ table: UnsafePointer<Double>, at x: Double) -> (value: Double, certified: Bool) {
        let scaled = x * Double(rows)
        let rounded = (scaled - 0.5) + 0x1.8p52
        let u = scaled - (rounded - 0x1.8p52)
        let row = table + stride &* Int(truncatingIfNeeded: rounded.bitPattern & 0xFFFF_FFFF)
        var value = row[0]
        for k in 1..<8 { value = value * u + row[k] }
        return (value, !row[0].isNaN)
    }
}

/// A Bernstein cubic with end values 0 and 1 and inner control values p1, p2, in power form a·t³ + b·t² + c·t.
struct CubicPolynomial {
    let a: Double, b: Double, c: Double

    /// The cubic 3p1·t(1 − t)² + 3p2·t²(1 − t) + t³.
    init(p1: Double, p2: Double) {
        (a, b, c) = (1 + 3 * p1 - 3 * p2, 3 * p2 - 6 * p1, 3 * p1)
    }

    /// The cubic a·t³ + b·t² + c·t.
    init(a: Double, b: Double, c: Double) {
        (self.a, self.b, self.c) = (a, b, c)
    }

    /// The parameter itself, t (exact).
    static let identity = CubicPolynomial(a: 0, b: 0, c: 1)

    /// The value at `t`.
    func value(_ t: Double) -> Double { ((a * t + b) * t + c) * t }

    /// The derivative at `t`.
    func derivative(_ t: Double) -> Double { (3 * a * t + 2 * b) * t + c }

    /// The cubic in τ = (t − `origin`)/`width`: its coefficients (lowest first), and the sum of the magnitudes of the
    /// terms they were computed from (for rounding bounds).
    func taylor(at origin: Double, width: Double)
        -> (coefficients: (Double, Double, Double, Double), magnitude: Double)
    {
        let t = origin, w = width
        let coefficients = (value(t), derivative(t) * w, (3 * a * t + b) * w * w, a * w * w * w)
        let (ma, mb, mc, mt, mw) = (abs(a), abs(b), abs(c), abs(t), abs(w))
        let magnitude = ((ma * mt + mb) * mt + mc) * mt + ((3 * ma * mt + 2 * mb) * mt + mc) * mw
            + (3 * ma * mt + mb) * mw * mw + ma * mw * mw * mw
        return (coefficients, magnitude)
    }
}
