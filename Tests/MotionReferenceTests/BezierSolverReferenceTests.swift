import MotionCore
import MotionReference
import XCTest

/// Holds MotionCore's default Bézier solver to the GSL reference within its documented bound.
final class BezierSolverReferenceTests: XCTestCase {
    /// The documented bound: 1e-12 + 4e-16·|dy/dx| + 8·2^-53·max(1, |y1|, |y2|).
    private func allowedError(_ curve: CubicBezier, slope: Double) -> Double {
        1e-12 + 4e-16 * abs(slope) + 8 * 0x1p-53 * max(1, abs(curve.y1), abs(curve.y2))
    }

    /// Compares core and reference at `x`; returns the error measured relative to the allowed error.
    @discardableResult
    private func check(_ curve: CubicBezier, _ x: Double, file: StaticString = #filePath, line: UInt = #line)
        -> (error: Double, ratio: Double)
    {
        let reference = BezierReference.evaluate(curve, at: x)
        let value = curve.value(at: x)
        let error = abs(value - reference.value)
        let allowed = allowedError(curve, slope: reference.slope)
        if !(error <= allowed) {
            XCTFail("\(curve) at x = \(x): core \(value), GSL \(reference.value), error \(error) > \(allowed)",
                    file: file, line: line)
        }
        return (error, error / allowed)
    }

    private func randomInput(_ generator: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return Double.random(in: 0..<1e-3, using: &generator) * pow10(-Int.random(in: 0...12, using: &generator))
        case 1: return 1 - Double.random(in: 0..<1e-3, using: &generator) * pow10(-Int.random(in: 0...12, using: &generator))
        case 2: return 0.5 + Double.random(in: -1e-6...1e-6, using: &generator)
        default: return Double.random(in: 0...1, using: &generator)
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        (0..<abs(exponent)).reduce(1.0) { value, _ in exponent < 0 ? value / 10 : value * 10 }
    }

    func testRandomCurvesMeetTheDocumentedBound() throws {
        var generator = SplitMix64(seed: 0x4D6F_7469_6F6E)
        var worstError = 0.0, worstRatio = 0.0
        let count = 100_000
        for index in 0..<count {
            let yRange: ClosedRange<Double> = index % 10 == 0 ? -50...50 : -2...3
            let curve = try CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: yRange, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: yRange, using: &generator))
            let (error, ratio) = check(curve, randomInput(&generator))
            worstError = max(worstError, error)
            worstRatio = max(worstRatio, ratio)
        }
        print("random curves: \(count) samples, largest error vs GSL \(worstError), largest error/bound \(worstRatio)")
    }

    /// The solver's tolerance on t is at most 1e-13 (1e-13 / max|y'|, and max|y'| ≥ 1), plus the residual's rounding
    /// of at most 4e-16 divided by x'(t). This checks the Newton certificate itself, not just its effect on y.
    func testParameterIsWithinTheSolverTolerance() throws {
        var generator = SplitMix64(seed: 0x7061_7261)
        var worst = 0.0
        for _ in 0..<50_000 {
            let curve = try CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: -2...3, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: -2...3, using: &generator))
            let x = randomInput(&generator)
            let reference = BezierReference.evaluate(curve, at: x)
            let t = reference.parameter, s = 1 - t
            let xSpeed = 3 * (s * s * curve.x1 + 2 * s * t * (curve.x2 - curve.x1) + t * t * (1 - curve.x2))
            let error = abs(curve.parameter(at: x) - t)
            let allowed = 1e-13 + 4e-16 / xSpeed
            worst = max(worst, error / allowed)
            if !(error <= allowed) { XCTFail("\(curve) at x = \(x): t error \(error) > \(allowed)") }
        }
        print("parameter: largest error/tolerance \(worst)")
    }

    func testHardCurvesMeetTheDocumentedBound() throws {
        let hard: [(Double, Double, Double, Double)] = [
            (1, 0, 0, 1), (0, 1, 1, 0), (0.99, 0, 0.01, 1), (0.001, 0, 0.999, 1), (0.7, -0.5, 0.3, 1.5),
            (0.5, -1, 0.5, 2), (1, 1, 0, 0), (0, 0, 1, 1), (1, 0, 1, 1), (0, 0, 0, 1), (0, 1, 0, 1), (1, 0, 1, 0),
        ]
        var worst = 0.0
        for (x1, y1, x2, y2) in hard {
            let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            var inputs = (0...10_000).map { Double($0) / 10_000 }
            for k in 1...15 {
                let tiny = 1 / (0..<k).reduce(1.0) { value, _ in value * 10 }
                inputs += [tiny, 1 - tiny, 0.5 + tiny, 0.5 - tiny]
            }
            inputs += [Double.leastNonzeroMagnitude, 1 - Double.ulpOfOne / 2, 0.5.nextUp, 0.5.nextDown]
            for x in inputs { worst = max(worst, check(curve, x).error) }
        }
        print("hard curves: largest error vs GSL \(worst)")
    }

    /// Curves with certified rows (`withCertifiedRows()`), whose kept rows answer without a Newton step, against GSL:
    /// random curves at random inputs and the hard curves on a grid with the inputs next to their edges.
    func testCurvesWithCertifiedRowsMeetTheDocumentedBound() throws {
        var generator = SplitMix64(seed: 0x526F_7773)
        var worst = 0.0
        var curves: [CubicBezier] = []
        for index in 0..<300 {
            let yRange: ClosedRange<Double> = index % 10 == 0 ? -50...50 : -2...3
            curves.append(try CubicBezier(
                x1: Double.random(in: 0...1, using: &generator), y1: Double.random(in: yRange, using: &generator),
                x2: Double.random(in: 0...1, using: &generator), y2: Double.random(in: yRange, using: &generator)))
        }
        for curve in curves.map({ $0.withCertifiedRows() }) {
            for _ in 0..<200 { worst = max(worst, check(curve, randomInput(&generator)).error) }
        }
        for (x1, y1, x2, y2) in [(1.0, 0.0, 0.0, 1.0), (0, 1, 1, 0), (0.99, 0, 0.01, 1), (0.001, 0, 0.999, 1),
                                 (0.7, -0.5, 0.3, 1.5), (0.5, -1, 0.5, 2), (0.3, 1, 0.6, 0)] {
            let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).withCertifiedRows()
            var inputs = (0...4_000).map { Double($0) / 4_000 }
            // Every row's and subrow's ends (1/1024 of the input), where the index hands over from one to the next.
            for j in 1..<1024 { inputs += [Double(j) / 1024, (Double(j) / 1024).nextUp, (Double(j) / 1024).nextDown] }
            for x in inputs { worst = max(worst, check(curve, x).error) }
        }
        print("curves with certified rows: largest error vs GSL \(worst)")
    }

    func testPresetsAreWithinTheBoundAndFarBelowIt() throws {
        var worst = 0.0
        for (_, curve) in CubicBezier.applePresets {
            for index in 0...20_000 { worst = max(worst, check(curve, Double(index) / 20_000).error) }
        }
        XCTAssertLessThan(worst, 1e-13, "presets sit an order of magnitude inside the 1e-12 bound")
    }

    func testHugeControlPointsStayFiniteAndAccurate() throws {
        for (y1, y2) in [(1e300, -1e300), (-1e300, 1e300), (1.7e308, 1.7e308), (-1.79e308, 1.79e308),
                         (Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude)] {
            let curve = try CubicBezier(x1: 0.3, y1: y1, x2: 0.6, y2: y2)
            for index in 0...1_000 {
                let x = Double(index) / 1_000
                let value = curve.value(at: x)
                XCTAssertTrue(value.isFinite, "\(curve) at \(x) gave \(value)")
                let reference = BezierReference.evaluate(curve, at: x).value
                XCTAssertLessThanOrEqual(abs(value - reference), 1e-13 * max(abs(y1), abs(y2)), "\(curve) at \(x)")
            }
            for x in [-1e300, -2.0, 2.0, 1e300] { XCTAssertTrue(curve.value(at: x).isFinite) }
        }
    }
}
