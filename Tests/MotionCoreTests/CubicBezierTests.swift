@testable import MotionCore
import XCTest

class CubicBezierTests: XCTestCase {
    /// The curve under test (`CertifiedRowsCubicBezierTests` runs every test again on curves with certified rows).
    func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws -> CubicBezier {
        try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// How close `curve`'s outputs come to exact vectors: the Newton step's first-order output is within a few ulp;
    /// certified rows are held to their bound (1e-13 for an output row, plus rounding).
    var vectorAccuracy: Double { 1e-15 }

    func testDevelopmentVectors() throws {
        XCTAssertEqual(try curve(0.5, 1, 0.5, 1).value(at: 0.5), 0.875, accuracy: vectorAccuracy)
        XCTAssertEqual(try curve(0.5, 2, 0.5, 2).value(at: 0.5), 1.625, accuracy: vectorAccuracy)
        XCTAssertEqual(try curve(0.5, -1, 0.5, -1).value(at: 0.5), -0.625, accuracy: vectorAccuracy)
        XCTAssertEqual(try curve(0.42, 0, 0.58, 1).value(at: 0.5), 0.5, accuracy: vectorAccuracy)
    }

    func testOvershootIntervalsMatchTheReferenceVectors() throws {
        let above = try curve(0, 1.5, 1, 1.5)
        XCTAssertLessThanOrEqual(above.value(at: 0.23368794 - 1e-7), 1)
        XCTAssertGreaterThan(above.value(at: 0.23368794 + 1e-7), 1)
        for x in stride(from: 0.234, to: 1, by: 0.001) { XCTAssertGreaterThan(above.value(at: x), 1, "x = \(x)") }
        let below = try curve(0, -0.5, 1, -0.5)
        for x in stride(from: 0.001, to: 0.766, by: 0.001) { XCTAssertLessThan(below.value(at: x), 0, "x = \(x)") }
        XCTAssertLessThan(below.value(at: 0.766312060 - 1e-7), 0)
        XCTAssertGreaterThanOrEqual(below.value(at: 0.766312060 + 1e-7), 0)
    }

    func testIdentityCurvesReturnTheInputExactly() throws {
        var generator = SplitMix64(seed: 13)
        for (a, b) in [(0.0, 1.0), (0.2, 0.7), (0.5, 0.5), (1.0, 0.0), (0.0, 0.0), (1.0, 1.0)] {
            let curve = try CubicBezier(x1: a, y1: a, x2: b, y2: b)
            for _ in 0..<2000 {
                let x = Double.random(in: 0...1, using: &generator)
                XCTAssertEqual(curve.value(at: x), x, "cubic-bezier(\(a), \(a), \(b), \(b)) at \(x)")
            }
            XCTAssertEqual(curve.value(at: .leastNonzeroMagnitude), .leastNonzeroMagnitude)
            XCTAssertEqual(curve.value(at: 1.0.nextDown), 1.0.nextDown)
        }
        // Outside [0, 1] the CSS tangents still apply: (0, 0, 0, 0) has no tangent to follow below 0.
        XCTAssertEqual(try CubicBezier(x1: 0, y1: 0, x2: 0, y2: 0).value(at: -0.5), 0)
        XCTAssertEqual(try CubicBezier(x1: 0.2, y1: 0.2, x2: 0.7, y2: 0.7).value(at: -0.5), -0.5)
        // A curve next to the identity is still solved (and stays within the bound of the identity).
        let near = try CubicBezier(x1: 0.2, y1: 0.2.nextUp, x2: 0.7, y2: 0.7)
        XCTAssertEqual(near.value(at: 0.3), 0.3, accuracy: 1e-12)
    }

    func testEndpointsAreExact() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let c = try curve(.random(in: 0...1, using: &generator), .random(in: -5...5, using: &generator),
                              .random(in: 0...1, using: &generator), .random(in: -5...5, using: &generator))
            XCTAssertEqual(c.value(at: 0), 0)
            XCTAssertEqual(c.value(at: 1), 1)
            XCTAssertEqual(c.value(at: -0.0), 0)
        }
    }

    func testSymmetricCurvesAreSymmetric() throws {
        var generator = SplitMix64(seed: 12)
        for _ in 0..<500 {
            let x1 = Double.random(in: 0...1, using: &generator), y1 = Double.random(in: -1...2, using: &generator)
            let c = try curve(x1, y1, 1 - x1, 1 - y1)
            for _ in 0..<20 {
                let x = Double.random(in: 0...1, using: &generator)
                XCTAssertEqual(c.value(at: x), 1 - c.value(at: 1 - x), accuracy: 2e-15, "\(c) at \(x)")
            }
        }
    }

    func testOutputIsMonotoneWhenControlYValuesAreInUnitInterval() throws {
        var generator = SplitMix64(seed: 13)
        var curves = [try curve(1, 0, 0, 1), try curve(0, 1, 1, 0), try curve(0.99, 0, 0.01, 1), try curve(1, 1, 0, 0)]
        curves += CubicBezier.applePresets.map(\.curve)
        for _ in 0..<200 {
            curves.append(try curve(.random(in: 0...1, using: &generator), .random(in: 0...1, using: &generator),
                                    .random(in: 0...1, using: &generator), .random(in: 0...1, using: &generator)))
        }
        for c in curves {
            // A plain comparison, and XCTFail only on a decrease: an XCTAssert per point cost microseconds each, most
            // of this test's time (28 s of 4.2 million points in an optimized build).
            var previous = c.value(at: 0)
            for index in 1...20_000 {
                let value = c.value(at: Double(index) / 20_000)
                if !(value >= previous) { XCTFail("\(c) decreases before x = \(Double(index) / 20_000): \(previous) → \(value)") }
                previous = value
            }
            // Steps of 1e-12 across the frame switch at 0.5; ulp-sized steps next to the ends, where the solver's
            // error is relative.
            previous = c.value(at: 0.5 - 1e-10)
            for index in -99...100 {
                let x = 0.5 + Double(index) * 1e-12
                let value = c.value(at: x)
                XCTAssertGreaterThanOrEqual(value, previous, "\(c) decreases at x = \(x)")
                previous = value
            }
            for start in [0.0, 1 - 128 * Double.ulpOfOne] {
                var x = start
                previous = c.value(at: x)
                for _ in 0..<128 {
                    x = x.nextUp
                    let value = c.value(at: x)
                    XCTAssertGreaterThanOrEqual(value, previous, "\(c) decreases at x = \(x)")
                    previous = value
                }
            }
        }
    }

    /// Around the interior vertical tangent of (1, 0, 0, 1) and the stationary inflection of (0, 1, 1, 0), where the
    /// latter is flat below one ulp for |x − 0.5| < 4e-6, the output must not flicker at 1e-12 steps.
    func testMonotoneNextToAnInteriorVerticalTangent() throws {
        for c in [try curve(1, 0, 0, 1), try curve(0, 1, 1, 0), try curve(1, 1, 0, 0)] {
            var previous = c.value(at: 0.5 - 1e-9)
            for index in -999...1_000 {
                let value = c.value(at: 0.5 + Double(index) * 1e-12)
                XCTAssertGreaterThanOrEqual(value, previous, "\(c) decreases at 0.5 + \(index)e-12")
                previous = value
            }
        }
    }

    /// Curves with a (nearly) stationary inflection use the vertex form for inputs in a window around it and the
    /// regular output outside: across both window edges at 1e-12 steps, and at single-ulp steps next to the vertex of
    /// an exactly stationary inflection (flat below one ulp), the output is monotone, and it agrees with the
    /// independent compact solver.
    /// The one-compare window test on bit patterns must pick exactly the inputs of lowestInput ≤ x ≤ highestInput,
    /// at the edges to the ulp and at random inputs.
    func testInflectionWindowCompareOnBitsIsTheTwoSidedTest() throws {
        let stationary = (3.2 - 20.48.squareRoot()) / 8
        var generator = SplitMix64(seed: 36)
        for c in [try curve(0, 1, 1, 0), try curve(0.3, 1, 0.6, 0), try curve(0.2, 0.8, 0.7, stationary),
                  try curve(0.5, 0.8, 0.5, stationary + 1e-4)] {
            let inflection = try XCTUnwrap(c.inflection, "\(c) should have a stationary inflection")
            var inputs = (0..<20_000).map { _ in Double.random(in: Double.leastNonzeroMagnitude..<1, using: &generator) }
            for edge in [inflection.lowestInput, inflection.highestInput] {
                var below = edge, above = edge
                for _ in 0..<4 { (below, above) = (below.nextDown, above.nextUp) }
                var x = below
                while x <= above { inputs.append(x); x = x.nextUp }
            }
            var inside = 0
            for x in inputs where x > 0 && x < 1 {
                let expected = x >= inflection.lowestInput && x <= inflection.highestInput
                XCTAssertEqual(inflection.contains(x), expected, "\(c) at \(x)")
                inside += expected ? 1 : 0
            }
            XCTAssertGreaterThan(inside, 100, "\(c): the window should hold some of the inputs")
        }
    }

    func testMonotoneAcrossTheStationaryInflectionWindow() throws {
        // y′ = 3·(q0 + q1·t + q2·t²) with q0 = y1, q1 = 2·y2 − 4·y1, q2 = 3·y1 − 3·y2 + 1 has a double root when
        // y1 = 0.8 and y2 = (3.2 − √20.48)/8 (at t ≈ 0.45).
        let stationary = (3.2 - 20.48.squareRoot()) / 8
        for c in [try curve(0, 1, 1, 0), try curve(0.3, 1, 0.6, 0), try curve(0.2, 0.8, 0.7, stationary),
                  try curve(0.5, 0.8, 0.5, stationary + 1e-4)] {
            let inflection = try XCTUnwrap(c.inflection, "\(c) should have a stationary inflection")
            let compact = CompactCubicBezier(c)
            for edge in [inflection.lowestInput, inflection.highestInput] {
                var previous = c.value(at: edge - 2e-9)
                for index in -1_999...2_000 {
                    let x = edge + Double(index) * 1e-12
                    let value = c.value(at: x)
                    XCTAssertGreaterThanOrEqual(value, previous, "\(c) decreases at \(edge) + \(index)e-12")
                    XCTAssertEqual(value, compact.value(at: x), accuracy: 2e-13, "\(c) at \(x)")
                    previous = value
                }
            }
            // Where the curve is flat below one ulp (next to the vertex of a stationary inflection), single-ulp steps too.
            if inflection.slope <= 1e-15 {
                let t = inflection.center
                let vertexInput = 3 * t * (1 - t) * ((1 - t) * c.x1 + t * c.x2) + t * t * t
                var x = vertexInput - 64 * vertexInput.ulp
                var previous = c.value(at: x)
                for _ in 0..<128 {
                    x = x.nextUp
                    let value = c.value(at: x)
                    XCTAssertGreaterThanOrEqual(value, previous, "\(c) decreases at x = \(x)")
                    previous = value
                }
            }
            var previous = 0.0
            for index in 1...100_000 {
                let value = c.value(at: Double(index) / 100_000)
                XCTAssertGreaterThanOrEqual(value, previous, "\(c) decreases at \(index)e-5")
                previous = value
            }
        }
    }

    func testExtrapolationFollowsCSSTangents() throws {
        let ease = CubicBezier.ease
        XCTAssertEqual(ease.value(at: -1), -0.4, accuracy: 1e-15)  // tangent P0-P1: 0.1/0.25
        XCTAssertEqual(ease.value(at: 2), 1, accuracy: 0)  // x2 < 1, slope (1 - 1)/(1 - 0.25) = 0
        XCTAssertEqual(CubicBezier.easeIn.value(at: -0.5), 0)  // x1 > 0 but y1 = 0: slope 0
        XCTAssertEqual(CubicBezier.easeOut.value(at: -0.58), -1, accuracy: 1e-15)  // x1 = 0: tangent P0-P2
        XCTAssertEqual(CubicBezier.easeIn.value(at: 1.5), 1 + 0.5 * (0 - 1) / (0.42 - 1), accuracy: 1e-15)  // x2 = 1
        XCTAssertEqual(try curve(0, 0, 0, 1).value(at: -3), 0)  // x1 = x2 = 0: flat
        XCTAssertEqual(try curve(1, 0, 1, 1).value(at: 3), 1)  // x1 = x2 = 1: flat
        XCTAssertEqual(ease.slope(at: -1), 0.4, accuracy: 1e-15)
        let steep = try curve(1e-300, 1e300, 0.5, 1)
        XCTAssertTrue(steep.value(at: -0.5).isFinite)
    }

    func testSlopeMatchesFiniteDifferences() throws {
        let c = try curve(0.3, -0.4, 0.7, 1.6)
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-6
            let difference = (c.value(at: x + h) - c.value(at: x - h)) / (2 * h)
            XCTAssertEqual(c.slope(at: x), difference, accuracy: 1e-6 * max(1, abs(difference)), "x = \(x)")
        }
        XCTAssertEqual(try curve(1, 0, 0, 1).slope(at: 0.5), .infinity)
        XCTAssertEqual(try curve(1, 1, 0, 0).slope(at: 0.5), 1, accuracy: 1e-12)  // 0/0 resolved by L'Hôpital
        XCTAssertEqual(CubicBezier.ease.slope(at: 0), 0.4, accuracy: 1e-15)
    }

    func testOutputRangeCoversSampledExtremes() throws {
        for c in [try curve(0, 1.5, 1, 1.5), try curve(0.7, -0.5, 0.3, 1.5), try curve(0.5, -1, 0.5, 2), .ease] {
            let samples = (0...10_000).map { c.value(at: Double($0) / 10_000) }
            let range = c.outputRange
            XCTAssertEqual(range.min, samples.min()!, accuracy: 1e-7)
            XCTAssertEqual(range.max, samples.max()!, accuracy: 1e-7)
            XCTAssertLessThanOrEqual(range.min, samples.min()!)
            XCTAssertGreaterThanOrEqual(range.max, samples.max()!)
        }
        XCTAssertEqual(CubicBezier.easeInOut.outputRange.min, 0)
        XCTAssertEqual(CubicBezier.easeInOut.outputRange.max, 1)
    }

    func testValidationNamesTheValueAndTheRule() {
        XCTAssertThrowsError(try curve(1.1, 0, 1, 1)) { error in
            XCTAssertEqual("\(error)", "cubic-bezier: x1 = 1.1 is outside [0, 1]")
        }
        XCTAssertThrowsError(try curve(0, 0, -0.1, 1)) { error in
            XCTAssertEqual("\(error)", "cubic-bezier: x2 = -0.1 is outside [0, 1]")
        }
        XCTAssertThrowsError(try curve(0, .nan, 0, 1)) { error in
            XCTAssertEqual("\(error)", "cubic-bezier: y1 = nan is not a finite number")
        }
        XCTAssertThrowsError(try curve(0, 0, 1, .infinity))
    }

    func testCoreAnimationPrecisionRoundsToFloat() throws {
        let c = try CubicBezier.coreAnimation(0.42, 0, 0.58, 1)
        XCTAssertEqual(c.x1, 0.41999998688697815)
        XCTAssertEqual(c.x2, Double(Float(0.58)))
        XCTAssertNotEqual(c.value(at: 0.3), CubicBezier.easeInOut.value(at: 0.3))
        XCTAssertEqual(c.value(at: 0.3), CubicBezier.easeInOut.value(at: 0.3), accuracy: 1e-6)
        XCTAssertThrowsError(try CubicBezier.coreAnimation(0.5, 1e300, 0.5, 1))
    }

    /// The curve chooses its representation: tables where asked for (the default) and of use; none for few
    /// evaluations, the identity (never solves) or a scaled output (always takes the complete solve).
    func testRepresentationFollowsEvaluationsAndTheCurve() throws {
        XCTAssertEqual(try CubicBezier(x1: 0.3, y1: 0.1, x2: 0.7, y2: 0.9).evaluations, .many)
        XCTAssertNotNil(try CubicBezier(x1: 0.3, y1: 0.1, x2: 0.7, y2: 0.9).tables)
        XCTAssertNil(try CubicBezier(x1: 0.3, y1: 0.1, x2: 0.7, y2: 0.9, evaluations: .few).tables)
        XCTAssertEqual(try CubicBezier(x1: 0.3, y1: 0.1, x2: 0.7, y2: 0.9, precision: .float32, evaluations: .few)
                        .evaluations, .few)
        XCTAssertEqual(CubicBezier.ease.evaluations, .many)
        XCTAssertEqual(CubicBezier.appleLinear.evaluations, .few)
        XCTAssertEqual(try CubicBezier(x1: 0.2, y1: 1e300, x2: 0.8, y2: -1e300).evaluations, .few)
        // Certified rows live in the tables: asking for them on a `.few` curve builds them.
        let rows = try CubicBezier(x1: 0.3, y1: 0.1, x2: 0.7, y2: 0.9, evaluations: .few).withCertifiedRows()
        XCTAssertTrue(rows.hasCertifiedRows)
        XCTAssertEqual(rows.evaluations, .many)
        // The same answers, bit for bit, on inputs spread over [−0.5, 1.5] and next to 0, 0.5 and 1.
        var generator = SplitMix64(seed: 29)
        for _ in 0..<40 {
            let (x1, y1) = (Double.random(in: 0...1, using: &generator), Double.random(in: -2...3, using: &generator))
            let (x2, y2) = (Double.random(in: 0...1, using: &generator), Double.random(in: -2...3, using: &generator))
            let many = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            let few = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2, evaluations: .few)
            XCTAssertEqual(many, few)
            var inputs = (0..<200).map { _ in Double.random(in: -0.5...1.5, using: &generator) }
            inputs += [0x1p-40, 0.5.nextDown, 0.5, 0.5.nextUp, 1.0.nextDown, 1 - 0x1p-40]
            for x in inputs {
                XCTAssertEqual(few.value(at: x).bitPattern, many.value(at: x).bitPattern, "\(many) at \(x)")
            }
            XCTAssertEqual(few.parameter(at: 0.3), many.parameter(at: 0.3), accuracy: 4 * many.tolerance + 1e-15)
        }
    }

    func testNaNInputPropagatesWithoutTrapping() {
        XCTAssertTrue(CubicBezier.ease.value(at: .nan).isNaN)
        XCTAssertTrue(CubicBezier.ease.slope(at: .nan).isNaN)
    }
}

/// Every `CubicBezierTests` test that builds its curves with `curve`, again on curves built with certified rows (`CubicBezier.withCertifiedRows()`): the
/// rows keep the solver's bound, symmetry, monotonicity and the inflection window's guarantees.
/// (Each test is declared again: test discovery on Linux lists only the methods a class declares itself.)
final class CertifiedRowsCubicBezierTests: CubicBezierTests {
    override func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws -> CubicBezier {
        try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).withCertifiedRows()
    }
    override var vectorAccuracy: Double { 1.2e-13 }
    override func testDevelopmentVectors() throws { try super.testDevelopmentVectors() }
    override func testOvershootIntervalsMatchTheReferenceVectors() throws { try super.testOvershootIntervalsMatchTheReferenceVectors() }
    override func testEndpointsAreExact() throws { try super.testEndpointsAreExact() }
    override func testSymmetricCurvesAreSymmetric() throws { try super.testSymmetricCurvesAreSymmetric() }
    override func testOutputIsMonotoneWhenControlYValuesAreInUnitInterval() throws { try super.testOutputIsMonotoneWhenControlYValuesAreInUnitInterval() }
    override func testMonotoneNextToAnInteriorVerticalTangent() throws { try super.testMonotoneNextToAnInteriorVerticalTangent() }
    override func testInflectionWindowCompareOnBitsIsTheTwoSidedTest() throws { try super.testInflectionWindowCompareOnBitsIsTheTwoSidedTest() }
    override func testMonotoneAcrossTheStationaryInflectionWindow() throws { try super.testMonotoneAcrossTheStationaryInflectionWindow() }
    override func testExtrapolationFollowsCSSTangents() throws { try super.testExtrapolationFollowsCSSTangents() }
    override func testSlopeMatchesFiniteDifferences() throws { try super.testSlopeMatchesFiniteDifferences() }
    override func testOutputRangeCoversSampledExtremes() throws { try super.testOutputRangeCoversSampledExtremes() }
    override func testValidationNamesTheValueAndTheRule() { super.testValidationNamesTheValueAndTheRule() }
}

/// Every `CubicBezierTests` test that builds its curves with `curve`, again on curves built for few evaluations
/// (`evaluations: .few`, no tables): the table-free start keeps every answer.
final class FewEvaluationsCubicBezierTests: CubicBezierTests {
    override func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws -> CubicBezier {
        try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2, evaluations: .few)
    }
    override func testDevelopmentVectors() throws { try super.testDevelopmentVectors() }
    override func testOvershootIntervalsMatchTheReferenceVectors() throws { try super.testOvershootIntervalsMatchTheReferenceVectors() }
    override func testEndpointsAreExact() throws { try super.testEndpointsAreExact() }
    override func testSymmetricCurvesAreSymmetric() throws { try super.testSymmetricCurvesAreSymmetric() }
    override func testOutputIsMonotoneWhenControlYValuesAreInUnitInterval() throws { try super.testOutputIsMonotoneWhenControlYValuesAreInUnitInterval() }
    override func testMonotoneNextToAnInteriorVerticalTangent() throws { try super.testMonotoneNextToAnInteriorVerticalTangent() }
    override func testInflectionWindowCompareOnBitsIsTheTwoSidedTest() throws { try super.testInflectionWindowCompareOnBitsIsTheTwoSidedTest() }
    override func testMonotoneAcrossTheStationaryInflectionWindow() throws { try super.testMonotoneAcrossTheStationaryInflectionWindow() }
    override func testExtrapolationFollowsCSSTangents() throws { try super.testExtrapolationFollowsCSSTangents() }
    override func testSlopeMatchesFiniteDifferences() throws { try super.testSlopeMatchesFiniteDifferences() }
    override func testOutputRangeCoversSampledExtremes() throws { try super.testOutputRangeCoversSampledExtremes() }
    override func testValidationNamesTheValueAndTheRule() { super.testValidationNamesTheValueAndTheRule() }
}
